import type { Component } from 'svelte';
import type { RouteParams, ScreenName } from '../lib/router.svelte';
import Home from './Home/Home.svelte';

type Screen<N extends ScreenName> = Component<RouteParams[N]>;

/**
 * Every screen the router can show, by name, as a loader. Home is in the first bundle (the app
 * opens on it); the others are their own chunks, loaded when first shown or once the app is
 * idle, so the first paint does not wait for the table, the camera and the settlement.
 * A screen receives the route's params as props: each component must accept its RouteParams
 * (lib/router.svelte.ts), or this does not compile.
 * To add one: make screens/<Name>/<Name>.svelte, add its params to RouteParams, and add it here.
 */
export const SCREENS: { [N in ScreenName]: () => Promise<Screen<N>> } = {
  home: async () => Home,
  setup: async () => (await import('./Setup/Setup.svelte')).default,
  session: async () => (await import('./Session/Session.svelte')).default,
  settlement: async () => (await import('./Settlement/Settlement.svelte')).default,
  history: async () => (await import('./History/History.svelte')).default,
  stats: async () => (await import('./Stats/Stats.svelte')).default,
  roster: async () => (await import('./Roster/Roster.svelte')).default,
  table: async () => (await import('./Table/Table.svelte')).default,
  cards: async () => (await import('./Cards/Cards.svelte')).default,
  group: async () => (await import('./Group/Group.svelte')).default,
  club: async () => (await import('./Club/Club.svelte')).default,
  groupSession: async () => (await import('./GroupSession/GroupSession.svelte')).default,
};
