import type { ServiceContext, Handlers } from './context';

export const appServices = (ctx: ServiceContext): Handlers<'appInfo' | 'startupReport'> => ({
  appInfo: () => ({ name: ctx.app.name, version: ctx.app.version, dataPath: ctx.store.path }),
  startupReport: () => ctx.store.startup,
});
