# The consumers' benchmark's plot: each consumer's lag from COMMIT to read, row by row, over
# the scenario with a bystander transaction (test/bench/consumers.pl). test/bench.sh sets
# `data` (consumer, seconds since the writers started, lag in ms), `output` and `heading`.
set terminal pngcairo noenhanced size 1200,560 font "sans,10"
set output output
set datafile separator "\t"
set title heading font "sans,12"
set xlabel "commit time, seconds since the writers started"
set ylabel "lag from COMMIT to read (ms, log scale)"
set logscale y
set yrange [1:*]
set grid xtics ytics
set key outside right top
lag_of(name) = strcol(1) eq name ? ($3 < 1 ? 1 : $3) : NaN
plot data using 2:(lag_of("xid8")) with points pointtype 7 pointsize 0.35 linecolor rgb "#e15759" title "xid8 recipe", \
     data using 2:(lag_of("pgq")) with points pointtype 7 pointsize 0.35 linecolor rgb "#f28e2b" title "PgQ", \
     data using 2:(lag_of("horizon")) with points pointtype 7 pointsize 0.35 linecolor rgb "#4e79a7" title "uuidx_commit_horizon()"
