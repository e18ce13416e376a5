// The address in the QR code, and the phone page made at start (pure functions, real inputs).
import type { NetworkInterfaceInfo } from 'node:os';
import { expect, it } from 'vitest';
import { defaultRouteIface, lanAddresses } from '../../electron/main/share/address';
import { phonePage } from '../../electron/main/share/phone-page';

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({
  address,
  family: 'IPv4',
  internal,
  netmask: '255.255.255.0',
  mac: '00:00:00:00:00:00',
  cidr: `${address}/24`,
});
const v6 = (address: string): NetworkInterfaceInfo => ({
  address,
  family: 'IPv6',
  internal: false,
  netmask: 'ffff::',
  mac: '00:00:00:00:00:00',
  cidr: `${address}/64`,
  scopeid: 0,
});

// A laptop on Wi-Fi with Docker and a VPN up, as Linux lists it in /proc/net/route. Pure data, no
// traffic: the Docker and VPN interfaces carry documentation addresses (RFC 5737).
const ROUTE = `Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
docker0\t000011AC\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0
wg0\t00000000\t00000000\t0001\t0\t0\t700\t00000000\t0\t0\t0
wlp2s0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
wlp2s0\t0001A8C0\t00000000\t0001\t0\t0\t600\t00FFFFFF\t0\t0\t0
`;
const IFACES = {
  lo: [v4('127.0.0.1', true)],
  docker0: [v4('198.51.100.1')],
  wg0: [v4('203.0.113.2')],
  wlp2s0: [v4('192.168.1.23'), v6('fe80::1')],
};

it('the default route’s interface (lowest metric, up) is read from the route table', () => {
  expect(defaultRouteIface(ROUTE)).toBe('wlp2s0');
  expect(defaultRouteIface(ROUTE.replace('\t600\t00000000', '\t900\t00000000'))).toBe('wg0');
  // A route that is down does not count.
  expect(
    defaultRouteIface(
      ROUTE.replace('wg0\t00000000\t00000000\t0001', 'wg0\t00000000\t00000000\t0000').replace(
        'wlp2s0\t00000000\t0101A8C0\t0003',
        'wlp2s0\t00000000\t0101A8C0\t0002',
      ),
    ),
  ).toBeNull();
  expect(defaultRouteIface(null)).toBeNull();
  expect(defaultRouteIface('garbage')).toBeNull();
});

it('the QR code carries the Wi-Fi address, not Docker’s or the VPN’s, whatever order the OS lists them in', () => {
  const linux = lanAddresses(IFACES, ROUTE).map((a) => a.address);
  expect(linux[0]).toBe('192.168.1.23');
  expect(linux.slice(1).sort()).toEqual(['198.51.100.1', '203.0.113.2']);
  // Without a route table (macOS, Windows): private addresses of real interfaces first, virtual ones last.
  const mac = { utun3: [v4('203.0.113.2')], bridge100: [v4('192.168.64.1')], en0: [v4('192.168.1.23')], lo0: [v4('127.0.0.1', true)] };
  expect(lanAddresses(mac, null)[0]).toEqual({ address: '192.168.1.23', iface: 'en0' });
  const win = { 'vEthernet (WSL)': [v4('198.51.100.64')], 'Wi-Fi': [v4('203.0.113.12')], 'Ethernet 3': [v4('169.254.3.4')] };
  expect(lanAddresses(win, null).map((a) => a.iface)).toEqual(['Wi-Fi', 'vEthernet (WSL)', 'Ethernet 3']);
  expect(lanAddresses({ lo: [v4('127.0.0.1', true)] }, null)).toEqual([]);
});

it('the phone page has its script and style inside it, allowed by their hashes; text that would break out stays a file', () => {
  const html = `<head><meta http-equiv="Content-Security-Policy"\n content="script-src 'self'" />\n<script type="module" crossorigin src="./assets/a.js"></script>\n<link rel="stylesheet" crossorigin href="./assets/a.css"></head>`;
  const files: Record<string, string> = { 'assets/a.js': 'let x = 1 < 2;', 'assets/a.css': 'b{color:red}' };
  const p = phonePage(html, (n) => files[n] ?? null);
  expect(p.html).not.toContain('Content-Security-Policy');
  expect(p.html).toContain('<script type="module">let x = 1 < 2;</script>');
  expect(p.html).toContain('<style>b{color:red}</style>');
  expect(p.files).toEqual([]);
  expect(p.csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
  expect(p.csp).not.toContain("'self' 'sha");

  const bad = phonePage(html, (n) => (n.endsWith('.js') ? 'const s = "</script><img src=x>";' : 'a{}</style>'));
  expect(bad.files).toEqual(['assets/a.js', 'assets/a.css']);
  expect(bad.html).toContain('src="./assets/a.js"');
  expect(bad.csp).toContain("script-src 'self';");
  expect(phonePage(html, () => null).files).toEqual(['assets/a.js', 'assets/a.css']);
});
