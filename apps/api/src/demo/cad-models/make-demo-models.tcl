# Makes the demo's CAD models (STEP and IGES) with OpenCascade's DRAW (occt-draw): simple solids with holes and
# fillets, named parts in an assembly, colours. Run through scripts/make-demo-cad-models.mjs, which passes the
# output folder in the variable `out`. The results are committed in this folder; the seed reads them.
pload MODELING OCAF XDE DATAEXCHANGE
# No 2D curves on the surfaces: readers rebuild them, and the files stay small.
param write.surfacecurve.mode 0

# Robot orange, machine grey, steel, dark plastic, blue.
set orange {0.93 0.45 0.1}
set grey {0.45 0.47 0.5}
set steel {0.75 0.77 0.8}
set dark {0.2 0.21 0.23}
set blue {0.15 0.38 0.7}

# DRAW keeps shapes in Tcl variables: a procedure works on global ones, so that every DRAW command sees them.
proc shapes {args} {
  foreach name $args { uplevel 1 [list global $name] }
}

# A box with its vertical edges rounded.
proc roundedBox {name x y z dx dy dz radius} {
  shapes $name ${name}_1 ${name}_2 ${name}_3 ${name}_4 ${name}_5 ${name}_6 ${name}_7 ${name}_8 ${name}_9 ${name}_10 ${name}_11 ${name}_12
  box $name $x $y $z $dx $dy $dz
  set edges {}
  for {set i 1} {$i <= [llength [explode $name E]]} {incr i} {
    set b [bounding ${name}_$i]
    if {abs([lindex $b 3] - [lindex $b 0]) < 1.0 && abs([lindex $b 4] - [lindex $b 1]) < 1.0} { lappend edges $radius ${name}_$i }
  }
  blend $name $name {*}$edges
}

# Drills a vertical through hole of the given radius at (x, y) into the shape.
proc drill {name x y radius} {
  shapes $name drill_tool
  pcylinder drill_tool $radius 100000
  ttranslate drill_tool $x $y -50000
  bcut $name $name drill_tool
}

# Drills a hole along Y at (x, z).
proc drillY {name x z radius} {
  shapes $name drill_tool
  pcylinder drill_tool $radius 100000
  trotate drill_tool 0 0 0 1 0 0 90
  ttranslate drill_tool $x 50000 $z
  bcut $name $name drill_tool
}

# Holes on a pitch circle around (cx, cy).
proc boltCircle {name cx cy pitch radius count start} {
  shapes $name
  for {set i 0} {$i < $count} {incr i} {
    set angle [expr {($start + 360.0 * $i / $count) * acos(-1) / 180}]
    drill $name [expr {$cx + $pitch / 2.0 * cos($angle)}] [expr {$cy + $pitch / 2.0 * sin($angle)}] $radius
  }
}

# A round plate (flange) of diameter d and thickness t at height z, chamfered by rounding its top edge.
proc disc {name d t z} {
  shapes $name
  pcylinder $name [expr {$d / 2.0}] $t
  ttranslate $name 0 0 $z
}

# Writes the parts as an assembly, as STEP and (for configurator parts, offered in both) IGES.
# parts: a list of {shape NAME colour}.
proc writeModel {file title parts {formats {stp igs}}} {
  global out
  # Boolean operations return a compound around the solid: each part is written as its solid, so that the part
  # is one labelled shape and not an assembly of its own.
  set solids {}
  foreach part $parts {
    set shape [lindex $part 0]
    shapes $shape ${shape}_1
    if {[llength [explode $shape So]] == 1} { set shape ${shape}_1 }
    lappend solids [list $shape [lindex $part 1] [lindex $part 2]]
  }
  set shapes {}
  foreach part $solids { lappend shapes [lindex $part 0] }
  shapes model_assembly
  eval compound $shapes model_assembly
  XNewDoc D
  XAddShape D model_assembly 1
  SetName D 0:1:1:1 $title
  set i 1
  foreach part $solids {
    # The part's instance in the assembly, then the part itself, with its colour.
    SetName D 0:1:1:1:$i [lindex $part 1]
    SetName D [XFindShape D [lindex $part 0]] [lindex $part 1]
    eval XSetColor D [lindex $part 0] [lindex $part 2]
    incr i
  }
  WriteStep D $out/$file.stp
  if {"igs" in $formats} { WriteIges D $out/$file.igs }
  Close D
}

# Robot base (dx × dy × dz): a base plate with four anchor holes, the column (axis 1) and its motor.
proc robotBase {file title dx dy dz} {
  shapes base_plate column motor
  global orange grey dark
  set plate 40
  roundedBox base_plate [expr {-$dx / 2.0}] [expr {-$dy / 2.0}] 0 $dx $dy $plate 6
  boltCircle base_plate 0 0 [expr {($dx - 60) * sqrt(2)}] 9 4 45
  pcylinder column [expr {$dx * 0.32}] [expr {$dz - $plate}]
  ttranslate column 0 0 $plate
  drill column 0 0 [expr {$dx * 0.1}]
  pcylinder motor [expr {$dx * 0.09}] [expr {$dz * 0.4}]
  ttranslate motor [expr {$dx * 0.25}] 0 [expr {$dz * 0.6 - $plate}]
  writeModel $file $title [list [list base_plate BASE_PLATE $grey] [list column COLUMN $orange] [list motor MOTOR_AXIS_1 $dark]]
}

# Arm of the given length (l × 180 × 160): the arm with a joint bore at each end and the two joint shafts.
proc robotArm {file title l} {
  shapes arm joint_a joint_b
  global orange steel
  roundedBox arm 0 0 0 $l 180 160 20
  drillY arm 90 80 45
  drillY arm [expr {$l - 90}] 80 45
  foreach {joint x} [list joint_a 90 joint_b [expr {$l - 90}]] {
    pcylinder $joint 45 180
    trotate $joint 0 0 0 1 0 0 -90
    ttranslate $joint $x 0 80
  }
  writeModel $file $title [list [list arm ARM $orange] [list joint_a JOINT_SHAFT_A $steel] [list joint_b JOINT_SHAFT_B $steel]]
}

# Floor or ceiling plate (600 × 600 × t) with anchor holes and a cable bore, and the four anchor bolts.
proc mountingPlate {file title t} {
  shapes mounting_plate anchor_0 anchor_1 anchor_2 anchor_3
  global grey steel
  roundedBox mounting_plate -300 -300 0 600 600 $t 5
  boltCircle mounting_plate 0 0 [expr {520 * sqrt(2)}] 11 4 45
  drill mounting_plate 0 0 100
  set parts [list [list mounting_plate MOUNTING_PLATE $grey]]
  for {set i 0} {$i < 4} {incr i} {
    set angle [expr {(45 + 90 * $i) * acos(-1) / 180}]
    pcylinder anchor_$i 10 [expr {$t + 20}]
    ttranslate anchor_$i [expr {260 * sqrt(2) * cos($angle)}] [expr {260 * sqrt(2) * sin($angle)}] -10
    lappend parts [list anchor_$i ANCHOR_BOLT_[expr {$i + 1}] $steel]
  }
  writeModel $file $title $parts
}

# Wall bracket (600 × 120 × 600): the wall plate with its holes and the shelf the robot stands on.
proc wallBracket {file title} {
  shapes wall_plate shelf
  global grey dark
  roundedBox wall_plate -300 0 0 600 20 600 4
  foreach {x z} {-250 50 250 50 -250 550 250 550} { drillY wall_plate $x $z 11 }
  roundedBox shelf -300 20 0 600 100 40 4
  drill shelf 0 70 35
  writeModel $file $title [list [list wall_plate WALL_PLATE $grey] [list shelf SHELF $dark]]
}

# Tool flange after ISO 9409-1 (diameter d, thickness t, bolt circle pitch, centre bore, four M6 holes, a dowel hole).
proc toolFlange {file title d t pitch bore} {
  shapes flange
  global steel
  disc flange $d $t 0
  drill flange 0 0 [expr {$bore / 2.0}]
  boltCircle flange 0 0 $pitch 3.3 4 45
  drill flange [expr {$pitch / 2.0}] 0 3
  writeModel $file $title [list [list flange FLANGE $steel]]
}

# Ball-screw shaft of diameter d and the given stroke, with its nut.
proc ballScrew {file title d stroke} {
  shapes shaft nut
  global steel dark
  pcylinder shaft [expr {$d / 2.0}] $stroke
  drill shaft 0 0 [expr {$d / 5.0}]
  pcylinder nut [expr {$d * 1.1}] [expr {$d * 1.5}]
  ttranslate nut 0 0 [expr {$stroke / 2.0}]
  drill nut 0 0 [expr {$d / 2.0}]
  writeModel $file $title [list [list shaft SHAFT $steel] [list nut BALL_NUT $dark]]
}

# Tool changer of diameter d: master plate (robot side) with its bolt circle, tool plate, locking piston, guide pins.
proc toolChanger {file title d} {
  shapes master_plate tool_plate piston guide_pin_a guide_pin_b
  global blue steel grey
  set r [expr {$d / 2.0}]
  disc master_plate $d [expr {$d * 0.25}] [expr {$d * 0.17}]
  boltCircle master_plate 0 0 [expr {$d * 0.8}] [expr {$d * 0.03}] 6 0
  drill master_plate 0 0 [expr {$d * 0.18}]
  disc tool_plate $d [expr {$d * 0.15}] 0
  boltCircle tool_plate 0 0 [expr {$d * 0.8}] [expr {$d * 0.03}] 6 30
  pcylinder piston [expr {$d * 0.17}] [expr {$d * 0.3}]
  ttranslate piston 0 0 [expr {$d * 0.1}]
  foreach {pin x} [list guide_pin_a [expr {$r * 0.55}] guide_pin_b [expr {-$r * 0.55}]] {
    pcylinder $pin [expr {$d * 0.04}] [expr {$d * 0.3}]
    ttranslate $pin 0 $x [expr {$d * 0.05}]
  }
  writeModel $file $title [list [list master_plate MASTER_PLATE $blue] [list tool_plate TOOL_PLATE $grey] [list piston LOCKING_PISTON $steel] [list guide_pin_a GUIDE_PIN_A $steel] [list guide_pin_b GUIDE_PIN_B $steel]] stp
}

# Servo gripper: body with its flange bores and two fingers with a gripping hole each.
proc servoGripper {file title} {
  shapes body finger_left finger_right
  global blue steel
  roundedBox body -40 -30 0 80 60 90 4
  boltCircle body 0 0 50 3.3 4 45
  foreach {finger x} {finger_left -32 finger_right 20} {
    roundedBox $finger $x -10 -60 12 20 60 2
    drillY $finger [expr {$x + 6}] -45 3
  }
  writeModel $file $title [list [list body GRIPPER_BODY $blue] [list finger_left FINGER_LEFT $steel] [list finger_right FINGER_RIGHT $steel]] stp
}

# Vacuum gripper: a frame with its mounting holes and four suction cups.
proc vacuumGripper {file title} {
  shapes frame cup_a cup_b cup_c cup_d
  global grey dark
  roundedBox frame -100 -60 0 200 120 15 3
  boltCircle frame 0 0 50 3.3 4 45
  set cups {}
  foreach {cup x y} {cup_a -75 -40 cup_b 75 -40 cup_c -75 40 cup_d 75 40} {
    pcone $cup 15 6 25
    ttranslate $cup $x $y -25
    lappend cups [list $cup [string toupper "suction_$cup"] $dark]
  }
  writeModel $file $title [concat [list [list frame FRAME $grey]] $cups] stp
}

robotBase ARM6_base {ARM-6 base} 420 420 380
robotBase ARM12_base {ARM-12 base} 520 520 450
robotBase SCARA4_base {S-4 base} 250 250 600
foreach l {400 600 900 1200 1400 1800} { robotArm arm-$l "Arm $l mm" $l }
mountingPlate floor {Floor plate} 40
mountingPlate ceiling {Ceiling plate} 60
wallBracket wall {Wall bracket}
toolFlange flange-iso50 {Tool flange ISO 9409-1-50-4-M6} 63 12 50 31.5
toolFlange flange-iso63 {Tool flange ISO 9409-1-63-4-M6} 80 14 63 40
ballScrew shaft-16 {Ball-screw shaft 16 mm} 16 150
ballScrew shaft-20 {Ball-screw shaft 20 mm} 20 300
toolChanger TC50 {Tool changer TC-50} 70
toolChanger TC120 {Tool changer TC-120} 120
servoGripper GRIP20 {Servo gripper G20}
vacuumGripper VAC4 {Vacuum gripper V4}
exit
