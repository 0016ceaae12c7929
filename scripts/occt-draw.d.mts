/** Runs a Tcl script in OpenCascade's DRAW with the Tcl variables set first; returns DRAW's output. */
export function runOcctDraw(script: string, variables: Record<string, string>): string;
