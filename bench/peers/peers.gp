# Plot of make bench-peers: median ns per operation, one cluster per
# workload/operation, one bar per implementation, log scale.
# usage: gnuplot -e "dat='build/bench/peers/peers.dat'" bench/peers/peers.gp > peers.svg
set terminal svg size 1200,600 dynamic font "sans,11" background "white"
set title "asn1cc and peer ASN.1 toolchains: median ns per operation (x509: per certificate)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [1:*]
set ylabel "ns per operation (log scale)"
set xtics rotate by 35 right scale 0 nomirror
set bmargin 9
set format y "%.0f"
set grid ytics
set key outside right top
set datafile missing "NaN"
plot for [i=2:7] dat using i:xtic(1) title columnheader(i)
