# The benchmark's plot: one bar chart per measure, one bar per key. test/bench.sh sets
# `data` (the TSV that test/bench/report.sql writes), `output` (the PNG) and `heading`.
set terminal pngcairo noenhanced size 1500,900 font "sans,10"
set output output
set datafile separator "\t"
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.7
set key off
set grid ytics
set yrange [0:*]
set xtics rotate by -30 left
set bmargin 8
set multiplot layout 2,3 title heading font "sans,13"
set title "single-statement insert (s)"
plot data using 2:xtic(1) every ::1 linecolor rgb "#4e79a7"
set title "WAL of the insert (MB)"
plot data using 3:xtic(1) every ::1 linecolor rgb "#f28e2b"
set title "primary key size (MB)"
plot data using 4:xtic(1) every ::1 linecolor rgb "#59a14f"
set title "leaf fragmentation of the primary key (%)"
plot data using 5:xtic(1) every ::1 linecolor rgb "#e15759"
set title "pgbench, 4 clients (inserts/s)"
plot data using 6:xtic(1) every ::1 linecolor rgb "#76b7b2"
set title "generator's cost per call over the empty loop (ns, log scale)"
set logscale y
set yrange [1:*]
plot data using 7:xtic(1) every ::1 linecolor rgb "#b07aa1"
unset multiplot
