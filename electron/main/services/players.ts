import type { Handlers, ServiceContext } from './context';

export const playerServices = ({ store }: ServiceContext): Handlers<'listPlayers' | 'addPlayer' | 'renamePlayer' | 'retirePlayer'> => ({
  listPlayers: () => store.listPlayers(),
  addPlayer: ({ name }) => store.addPlayer(name),
  renamePlayer: ({ id, name }) => store.renamePlayer(id, name),
  retirePlayer: ({ id }) => store.retirePlayer(id),
});
