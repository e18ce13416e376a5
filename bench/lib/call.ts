import { dispatch, type Services } from '../../electron/main/services/dispatch';

/** A channel called as the IPC layer calls it (schema parse, service); a refusal stops the bench. */
export const caller =
  (services: Services) =>
  async (channel: string, payload?: unknown): Promise<unknown> => {
    const r = await dispatch(services, channel, payload);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  };
