# Makes the 3D preview test fixtures with OpenCascade's DRAW (occt-draw):
#   occt-draw -b -f apps/api/src/previews/testdata/make-model-fixtures.tcl   (run from the repository root)
# An assembly of two named parts (a base plate with a cylindrical hole, a pin), as STEP; the plate as IGES and STL.
pload MODELING OCAF XDE DATAEXCHANGE
set out apps/api/src/previews/testdata
box plate 0 0 0 40 30 5
pcylinder drill 4 10
ttranslate drill 20 15 -2
bcut base_plate plate drill
pcylinder pin 3 20
ttranslate pin 5 5 5
compound base_plate pin assembly
XNewDoc A
XAddShape A assembly 1
SetName A 0:1:1:1 ASSEMBLY
SetName A 0:1:1:1:1 BASE_PLATE
SetName A 0:1:1:1:2 PIN
SetName A 0:1:1:2 BASE_PLATE
SetName A 0:1:1:3 PIN
SetName A 0:1:1:4 PIN
XSetColor A 0:1:1:2 0.1 0.4 0.8
XSetColor A 0:1:1:3 0.8 0.3 0.1
WriteStep A $out/assembly.step
newmodel
brepiges base_plate $out/plate.igs
incmesh base_plate 0.1
writestl base_plate $out/plate.stl 1
exit
