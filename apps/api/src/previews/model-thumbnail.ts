import sharp from 'sharp';
import { thumbnailWidth } from './image-thumbnail.ts';
import { boundingBox, type ModelData } from './model-mesh.ts';

/** At most this many triangles are drawn (the largest on screen); the rest are too small to see at 320 px. */
const maxDrawnTriangles = 40_000;
const height = Math.round(thumbnailWidth * 0.75);
const margin = 12;

interface Facet {
  points: number[];
  depth: number;
  area: number;
  fill: string;
}

/**
 * A PNG of the model without a GPU: the triangles projected orthographically in an isometric view, flat-shaded
 * against a light from the viewer's upper left, painted far to near as SVG polygons, rasterised by sharp.
 */
export async function modelThumbnail(model: ModelData): Promise<Buffer> {
  const { min, max } = boundingBox(model);
  const centre = [0, 1, 2].map((axis) => (min[axis] + max[axis]) / 2);
  // Isometric view: the camera looks along (-1, -1, -1) with Z up.
  const right = normalise([1, -1, 0]);
  const up = normalise([-1, -1, 2]);
  const towardViewer = normalise([1, 1, 1]);
  const light = normalise([-0.3, 0.5, 1]);
  const facets: Facet[] = [];
  for (const mesh of model.meshes) {
    const base = (mesh.color ?? [0.7, 0.72, 0.75]).map((channel) => Math.max(0, Math.min(1, channel)));
    const { positions, indices } = mesh;
    for (let t = 0; t + 2 < indices.length; t += 3) {
      const corners = [indices[t], indices[t + 1], indices[t + 2]].map((v) => [positions[v * 3] - centre[0], positions[v * 3 + 1] - centre[1], positions[v * 3 + 2] - centre[2]]);
      const normal = cross(subtract(corners[1], corners[0]), subtract(corners[2], corners[0]));
      const length = Math.hypot(...normal);
      if (length === 0) continue;
      const facing = dot(normal, towardViewer) / length;
      const projected = corners.flatMap((corner) => [dot(corner, right), -dot(corner, up)]);
      const area = Math.abs((projected[2] - projected[0]) * (projected[5] - projected[1]) - (projected[4] - projected[0]) * (projected[3] - projected[1]));
      // Both sides are lit alike: CAD meshes are not always consistently wound.
      const viewNormal = [dot(normal, right) / length, dot(normal, up) / length, Math.abs(facing)];
      const shade = 0.35 + 0.65 * Math.abs(dot(viewNormal, light));
      facets.push({ points: projected, depth: corners.reduce((sum, corner) => sum + dot(corner, towardViewer), 0) / 3, area, fill: rgb(base.map((c) => c * shade)) });
    }
  }
  const drawn = facets.length > maxDrawnTriangles ? facets.sort((a, b) => b.area - a.area).slice(0, maxDrawnTriangles) : facets;
  drawn.sort((a, b) => a.depth - b.depth);
  const extent = drawn.reduce(
    (box, facet) => {
      for (let i = 0; i < 6; i += 2) {
        box[0] = Math.min(box[0], facet.points[i]);
        box[1] = Math.min(box[1], facet.points[i + 1]);
        box[2] = Math.max(box[2], facet.points[i]);
        box[3] = Math.max(box[3], facet.points[i + 1]);
      }
      return box;
    },
    [Infinity, Infinity, -Infinity, -Infinity],
  );
  const spanX = Math.max(extent[2] - extent[0], 1e-9);
  const spanY = Math.max(extent[3] - extent[1], 1e-9);
  const scale = Math.min((thumbnailWidth - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const offsetX = (thumbnailWidth - spanX * scale) / 2 - extent[0] * scale;
  const offsetY = (height - spanY * scale) / 2 - extent[1] * scale;
  const polygons = drawn.map((facet) => {
    const points = [0, 2, 4].map((i) => `${(facet.points[i] * scale + offsetX).toFixed(1)},${(facet.points[i + 1] * scale + offsetY).toFixed(1)}`).join(' ');
    return `<polygon points="${points}" fill="${facet.fill}" stroke="${facet.fill}" stroke-width="0.4"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${thumbnailWidth}" height="${height}"><rect width="100%" height="100%" fill="#F8F9FA"/>${polygons.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Vector = number[];
const subtract = (a: Vector, b: Vector) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vector, b: Vector) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalise = (a: Vector) => a.map((value) => value / Math.hypot(...a));
const rgb = (channels: number[]) => `rgb(${channels.map((c) => Math.round(Math.max(0, Math.min(1, c)) * 255)).join(',')})`;
