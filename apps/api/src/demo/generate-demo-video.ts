import { writeFile } from 'node:fs/promises';
import { detectSystemTools } from '../previews/system-tools.ts';
import { demoVideoFixture, generateDemoVideo } from './generate-media.ts';

/* Regenerates the MP4 fixture used by the demo seed on machines without ffmpeg:
 *   npx tsx apps/api/src/demo/generate-demo-video.ts */
const tools = await detectSystemTools(console);
if (!tools.ffmpeg) throw new Error('ffmpeg is needed to regenerate the demo video');
const video = await generateDemoVideo(tools.ffmpeg, 3);
await writeFile(demoVideoFixture, video);
console.log(`wrote ${demoVideoFixture} (${video.length} bytes)`);
