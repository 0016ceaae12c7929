import type { FastifyInstance } from 'fastify';

/*
 * A route constraint on the Accept header: a route registered with `constraints: { accept: aasJson }`
 * answers only requests that ask for AAS JSON; every other request falls through to the route without the
 * constraint on the same path. This is how the identification link (`/id/{serial}`, owned by the units
 * module) answers machines from the handover module while units knows nothing of handover.
 */

export const aasJsonMediaType = 'application/aas+json';
/** The constraint's value for requests that ask for AAS JSON. */
export const aasJson = 'aas+json';

const maxAcceptLength = 2000;

/** Whether an Accept header asks for AAS JSON: it names application/aas+json with a non-zero quality, and not text/html before it. */
export function asksForAasJson(accept: string | undefined): boolean {
  if (!accept || accept.length > maxAcceptLength) return false;
  for (const range of accept.split(',')) {
    const [type = '', ...parameters] = range.split(';').map((part) => part.trim().toLowerCase());
    if (type === 'text/html') return false;
    if (type !== aasJsonMediaType) continue;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  }
  return false;
}

type Strategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Handler = NonNullable<ReturnType<ReturnType<Strategy['storage']>['get']>>;

const acceptStrategy: Strategy = {
  name: 'accept',
  storage() {
    const handlers = new Map<unknown, Handler>();
    return {
      get: (value) => handlers.get(value) ?? null,
      set: (value, handler) => {
        handlers.set(value, handler);
      },
    };
  },
  // undefined: the request does not ask for AAS JSON, so only routes without this constraint match.
  deriveConstraint: (request) => (asksForAasJson(request.headers.accept) ? aasJson : undefined),
  mustMatchWhenDerived: false,
};

/** Adds the `accept` constraint once (the router is shared by every plugin). */
export function addAcceptConstraint(app: FastifyInstance): void {
  if (!app.hasConstraintStrategy('accept')) app.addConstraintStrategy(acceptStrategy);
}
