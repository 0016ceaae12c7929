import { SandboxUnavailableError } from './sandbox.ts';
import { ToolError } from './run-tool.ts';

export interface ConversionFailure {
  /** A short reason without paths or program output, kept on the version. */
  reason: string;
  /** Everything known (the program's message and output), for the log only. */
  logged: string;
}

/** Splits a converter's error into what may be kept and shown to admins, and what only the log gets. */
export function conversionFailure(error: unknown): ConversionFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ToolError) {
    return {
      reason: error.timedOut ? 'the conversion took too long' : 'the converter refused the file',
      logged: error.details ? `${message}: ${error.details}` : message,
    };
  }
  if (error instanceof SandboxUnavailableError) return { reason: 'no sandbox to run the converter in', logged: message };
  return { reason: 'the conversion failed', logged: message };
}
