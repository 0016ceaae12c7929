import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runConverter } from './run-tool.ts';

/** Widest poster frame kept (the player shows it before playback). */
const posterWidth = 1280;

/**
 * The input side of every ffmpeg run: only the `file` protocol, and only the demuxers of the video
 * types uploads accept, so a playlist or concat list disguised as a video (naming URLs or other
 * files) is refused instead of followed.
 */
export const ffmpegInputLimits = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,webm,avi,flv,mxf,wav'];

/**
 * A frame of the video as PNG, one second in (or the first frame of a shorter video),
 * at most 1280 px wide. ffmpeg runs in the sandbox (no network, no other file).
 */
export async function videoPoster(ffmpeg: string, videoPath: string, workDir: string, timeoutMs = 60_000): Promise<Buffer> {
  const output = join(workDir, 'poster.png');
  const filter = `thumbnail,scale='min(${posterWidth},iw)':-2`;
  const common = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'];
  const options = { timeoutMs, sandbox: { workDir, inputs: [videoPath] } };
  try {
    await runConverter(ffmpeg, [...common, '-ss', '1', ...ffmpegInputLimits, '-i', videoPath, '-frames:v', '1', '-vf', filter, output], options);
    return await readFile(output);
  } catch {
    await runConverter(ffmpeg, [...common, ...ffmpegInputLimits, '-i', videoPath, '-frames:v', '1', '-vf', filter, output], options);
    return readFile(output);
  }
}
