import type { Component } from 'svelte';
import Home from './Home/Home.svelte';
import Setup from './Setup/Setup.svelte';
import History from './History/History.svelte';
import Roster from './Roster/Roster.svelte';
import Session from './Session/Session.svelte';
import Settlement from './Settlement/Settlement.svelte';
import Stats from './Stats/Stats.svelte';
import Table from './Table/Table.svelte';

/**
 * Every screen the router can show, by name. A screen receives the route's params as props.
 * To add one: make screens/<Name>/<Name>.svelte and add it here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const SCREENS: Record<string, Component<any>> = {
  home: Home,
  setup: Setup,
  session: Session,
  settlement: Settlement,
  history: History,
  stats: Stats,
  roster: Roster,
  table: Table,
};
