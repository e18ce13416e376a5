/**
 * A tiny router: the current screen and its params. Screens register in screens/index.ts;
 * `go('table', { gameId: 3 })` switches. No URLs: the app is one page that never navigates.
 */
export interface Route {
  name: string;
  params: Record<string, unknown>;
}

class Router {
  current = $state.raw<Route>({ name: 'home', params: {} });
  #history: Route[] = [];

  go(name: string, params: Record<string, unknown> = {}): void {
    this.#history.push(this.current);
    this.current = { name, params };
  }

  back(): void {
    this.current = this.#history.pop() ?? { name: 'home', params: {} };
  }

  home(): void {
    this.#history = [];
    this.current = { name: 'home', params: {} };
  }
}

export const router = new Router();
