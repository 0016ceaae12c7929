/** A boot step may ask for the browser to go elsewhere instead of mounting the app. */
export type BootStepResult = void | { redirect: string };

export interface BootStep {
  name: string;
  run: () => BootStepResult | Promise<BootStepResult>;
}

export interface BootOptions {
  mount: () => void | Promise<void>;
  redirect?: (url: string) => void;
}

export type BootOutcome = 'mounted' | 'redirected' | 'failed';

/**
 * Spec §4: runs the boot steps one after another in the given order. A step asking for a
 * redirect sends the browser there and stops; a failing step is logged and nothing is mounted.
 */
export async function runBoot(steps: readonly BootStep[], options: BootOptions): Promise<BootOutcome> {
  const redirect = options.redirect ?? ((url: string) => window.location.assign(url));
  for (const step of steps) {
    try {
      const result = await step.run();
      if (result && result.redirect) {
        redirect(result.redirect);
        return 'redirected';
      }
    } catch (error) {
      console.error(`Boot step "${step.name}" failed; the application is not started.`, error);
      return 'failed';
    }
  }
  try {
    await options.mount();
    return 'mounted';
  } catch (error) {
    console.error('The application could not be mounted.', error);
    return 'failed';
  }
}
