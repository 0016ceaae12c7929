// Bottleneck's browser build (no Redis clustering) has the same API as the package's main entry.
declare module 'bottleneck/light' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
