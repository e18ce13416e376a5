// Which of the computer's addresses goes in the QR code: the one phones on the table's Wi-Fi can
// reach. A laptop often has others (Docker's bridge, a VPN, a virtual machine's network) that a
// phone cannot reach; the first address the OS lists is often one of them.
import { readFileSync } from 'node:fs';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export interface LanAddress {
  address: string;
  /** The interface's name ("wlan0", "en0", "Wi-Fi"). */
  iface: string;
}

/** Names of interfaces a phone on the Wi-Fi cannot reach: containers, VPNs, virtual machines. */
const VIRTUAL =
  /^(docker|br-|veth|virbr|vboxnet|vmnet|vnic|utun|tun|tap|wg|zt|tailscale|ham|llw|awdl|anpi|bridge|cni|flannel|podman|lxc|lxd)|vethernet|virtual|vpn|loopback/i;

const isPrivate = (a: string): boolean => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(a);

/**
 * The interface of the default route in Linux's /proc/net/route (the lowest metric wins), or
 * null. Columns: Iface Destination Gateway Flags RefCnt Use Metric Mask ...; the default route
 * has destination 00000000 and mask 00000000.
 */
export const defaultRouteIface = (table: string | null): string | null => {
  if (!table) return null;
  let best: { iface: string; metric: number } | null = null;
  for (const line of table.split('\n').slice(1)) {
    const c = line.trim().split(/\s+/);
    if (c.length < 8 || c[1] !== '00000000' || c[7] !== '00000000') continue;
    // Flags: RTF_UP (1) must be set.
    if ((parseInt(c[3]!, 16) & 1) === 0) continue;
    const metric = Number(c[6]);
    if (!best || metric < best.metric) best = { iface: c[0]!, metric };
  }
  return best?.iface ?? null;
};

const readRouteTable = (): string | null => {
  if (process.platform !== 'linux') return null;
  try {
    return readFileSync('/proc/net/route', 'utf8');
  } catch {
    return null;
  }
};

/**
 * The computer's IPv4 addresses a phone might reach, best first: the interface of the default
 * route (Linux), then private addresses of interfaces that are not virtual, then the rest
 * (link-local 169.254.x.x last). Empty when the computer is on no network.
 */
export const lanAddresses = (
  ifaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
  routeTable: string | null = readRouteTable(),
): LanAddress[] => {
  const viaDefault = defaultRouteIface(routeTable);
  const list: (LanAddress & { rank: number })[] = [];
  for (const [iface, infos] of Object.entries(ifaces))
    for (const a of infos ?? []) {
      if (a.family !== 'IPv4' || a.internal) continue;
      const rank = iface === viaDefault ? 0 : a.address.startsWith('169.254.') ? 5 : VIRTUAL.test(iface) ? 4 : isPrivate(a.address) ? 1 : 2;
      list.push({ address: a.address, iface, rank });
    }
  return list.sort((x, y) => x.rank - y.rank).map(({ address, iface }) => ({ address, iface }));
};
