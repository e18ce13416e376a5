/**
 * A tiny router: the current screen and its params. Screens register in screens/index.ts, whose
 * components must take exactly these params as props (checked there); `go('table', { sessionId,
 * gameId })` switches, and a wrong or missing param does not type-check. No URLs: the app is one
 * page that never navigates.
 */
export interface RouteParams {
  home: Record<string, never>;
  setup: Record<string, never>;
  history: Record<string, never>;
  stats: Record<string, never>;
  roster: Record<string, never>;
  cards: Record<string, never>;
  group: Record<string, never>;
  /** The club's night, large, for a room: tonight's standings across the tables, live. */
  club: Record<string, never>;
  /** A session another laptop of the group recorded (read-only here; its games fixed through the group). */
  groupSession: { session: string };
  session: { sessionId: number; readOnly?: boolean };
  settlement: { sessionId: number };
  table: { sessionId: number; gameId: number };
}
export type ScreenName = keyof RouteParams;

/** One screen and its params (a union over every screen, so name and params always agree). */
export type Route = { [N in ScreenName]: { name: N; params: RouteParams[N] } }[ScreenName];

type NoParams = { [N in ScreenName]: RouteParams[N] extends Record<string, never> ? N : never }[ScreenName];

const HOME: Route = { name: 'home', params: {} };

class Router {
  current = $state.raw<Route>(HOME);
  #history: Route[] = [];

  go<N extends NoParams>(name: N): void;
  go<N extends ScreenName>(name: N, params: RouteParams[N]): void;
  go(name: ScreenName, params: object = {}): void {
    this.#history.push(this.current);
    this.current = { name, params } as Route;
  }

  back(): void {
    this.current = this.#history.pop() ?? HOME;
  }

  home(): void {
    this.#history = [];
    this.current = HOME;
  }
}

export const router = new Router();
