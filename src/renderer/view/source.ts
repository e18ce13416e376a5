import type { TableView } from '../../core/tableView';
import type { ViewFrame } from '../../shared/contract/share';

/** Where the view comes from: the display window's preload, or the share server's event stream. */
export type Link = 'connecting' | 'live' | 'lost' | 'ended';

interface Bridge {
  onView(fn: (f: ViewFrame) => void): void;
}

const isFrame = (x: unknown): x is ViewFrame =>
  typeof x === 'object' && x !== null && typeof (x as ViewFrame).sentAt === 'number' && (x as ViewFrame).view?.v === 1;

/**
 * Calls `onView` with each new view and the host's clock offset (ms to add to the host's times
 * to get this device's), and `onLink` when the link changes. Read-only: nothing is ever sent back.
 */
export const follow = (onView: (v: TableView, offset: number) => void, onLink: (l: Link) => void): void => {
  const take = (f: unknown) => {
    if (!isFrame(f)) return;
    onView(f.view, Date.now() - f.sentAt);
    onLink('live');
  };
  const bridge = (globalThis as { mahjmateView?: Bridge }).mahjmateView;
  if (bridge) {
    bridge.onView(take);
    return;
  }
  // Relative: the page is at /t/<token>/, its stream at /t/<token>/events.
  const es = new EventSource('events');
  es.onmessage = (e: MessageEvent<string>) => {
    try {
      take(JSON.parse(e.data));
    } catch {
      /* a broken frame is skipped; the next one replaces it */
    }
  };
  es.onerror = () => onLink(es.readyState === EventSource.CLOSED ? 'ended' : 'lost');
  // The host stopped sharing: no retry, the page says so.
  es.addEventListener('end', () => {
    es.close();
    onLink('ended');
  });
};
