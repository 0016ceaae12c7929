# A STEP assembly for bench/model-preview.ts, made with OpenCascade's DRAW: a grid of `partCount` plates, each with
# rounded vertical edges and a row of drilled holes (a copy of its own, so that the file holds every part's
# geometry), named PLATE_<n>, written to `out`. The variables `partCount` and `out` are set by the caller.
pload MODELING OCAF XDE DATAEXCHANGE

box plate 0 0 0 80 50 10
set edges {}
for {set i 1} {$i <= [llength [explode plate E]]} {incr i} {
  set b [bounding plate_$i]
  if {abs([lindex $b 3] - [lindex $b 0]) < 1.0 && abs([lindex $b 4] - [lindex $b 1]) < 1.0} { lappend edges 4 plate_$i }
}
blend plate plate {*}$edges
foreach x {12 28 44 60} {
  pcylinder hole 4 30
  ttranslate hole $x 25 -10
  bcut plate plate hole
}
explode plate So

set columns [expr {int(ceil(sqrt($partCount)))}]
set parts {}
for {set n 0} {$n < $partCount} {incr n} {
  tcopy plate_1 part_$n
  ttranslate part_$n [expr {($n % $columns) * 100}] [expr {($n / $columns) * 70}] 0
  lappend parts part_$n
}
eval compound $parts plate_grid
XNewDoc D
XAddShape D plate_grid 1
SetName D 0:1:1:1 PLATE_GRID
for {set n 0} {$n < $partCount} {incr n} { SetName D 0:1:1:1:[expr {$n + 1}] PLATE_[expr {$n + 1}] }
WriteStep D $out
exit
