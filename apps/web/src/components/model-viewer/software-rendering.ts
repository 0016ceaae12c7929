const softwareRenderers = ['swiftshader', 'llvmpipe', 'softpipe', 'software', 'basic render'];

let software: boolean | undefined;

/**
 * Whether this browser draws WebGL without a GPU (a virtual machine, a remote desktop, a server without one). There
 * every frame of a large model is rasterised by the CPU, and multisampled edges cost as much again.
 */
export function drawsInSoftware(): boolean {
  if (software !== undefined) return software;
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  if (!gl) return (software = false);
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)).toLowerCase();
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  software = softwareRenderers.some((name) => renderer.includes(name));
  return software;
}
