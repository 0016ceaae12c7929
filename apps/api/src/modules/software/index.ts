// The software module's public entry: other modules import software only from here.
export { softwareKind } from './software-kind.ts';
