import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool } from './run-tool.ts';

/** Widest poster frame kept (the player shows it before playback). */
const posterWidth = 1280;

/**
 * A frame of the video as PNG, one second in (or the first frame of a shorter video),
 * at most 1280 px wide.
 */
export async function videoPoster(ffmpeg: string, videoPath: string, workDir: string, timeoutMs = 60_000): Promise<Buffer> {
  const output = join(workDir, 'poster.png');
  const filter = `thumbnail,scale='min(${posterWidth},iw)':-2`;
  const common = ['-hide_banner', '-loglevel', 'error', '-y'];
  try {
    await runTool(ffmpeg, [...common, '-ss', '1', '-i', videoPath, '-frames:v', '1', '-vf', filter, output], { timeoutMs });
    return await readFile(output);
  } catch {
    await runTool(ffmpeg, [...common, '-i', videoPath, '-frames:v', '1', '-vf', filter, output], { timeoutMs });
    return readFile(output);
  }
}
