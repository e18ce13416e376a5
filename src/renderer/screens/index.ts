import type { Component } from 'svelte';
import type { RouteParams, ScreenName } from '../lib/router.svelte';
import Home from './Home/Home.svelte';
import Setup from './Setup/Setup.svelte';
import History from './History/History.svelte';
import Roster from './Roster/Roster.svelte';
import Session from './Session/Session.svelte';
import Settlement from './Settlement/Settlement.svelte';
import Stats from './Stats/Stats.svelte';
import Table from './Table/Table.svelte';

/**
 * Every screen the router can show, by name. A screen receives the route's params as props:
 * each component must accept its RouteParams (lib/router.svelte.ts), or this does not compile.
 * To add one: make screens/<Name>/<Name>.svelte, add its params to RouteParams, and add it here.
 */
export const SCREENS: { [N in ScreenName]: Component<RouteParams[N]> } = {
  home: Home,
  setup: Setup,
  session: Session,
  settlement: Settlement,
  history: History,
  stats: Stats,
  roster: Roster,
  table: Table,
};
