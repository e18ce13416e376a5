import { tileName, type Tile } from '../../../core/tiles';
import { Camera } from '../../../vision/camera.svelte';
import { Recognizer } from '../../../vision/recognizer.svelte';
import { ArrivalDetector } from '../../../vision/motion';
import type { Proposal } from '../../../vision/protocol';
import { mayRecordItself } from '../../../vision/auto-record';
import { checkFloor, type FloorCheck } from '../../../vision/floor-check';
import type { TileCounts } from '../../../core/tileCounts';

/** The region where discards land, as fractions of the frame. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const DEFAULT_ROI: Region = { x: 0.22, y: 0.08, w: 0.56, h: 0.84 };
const SAMPLE_MS = 120;
/** A drag smaller than this (either way) is a click, not a new region. */
const MIN_DRAG = 0.08;
/** The floor is read from the whole picture at no more than this across: the width its reader is
 *  measured at (bench/vision-scene.ts, 1280x720 frames). */
const FLOOR_WIDTH = 1280;

/** The last floor check (floor-check.ts) with the picture it read: what it says and marks is
 *  worked out from the check where it is shown (FloorCheckResult.svelte). */
export interface FloorCheckShown {
  check: FloorCheck;
  frame: ImageData;
}

type How = 'confirmed' | 'auto' | 'corrected';

/**
 * Camera mode's state beside CameraPanel.svelte: the camera, the reader, the region, the
 * proposal on the table and what the panel says. A tile that settles in the region (frame
 * differencing: a tile lying still is read once) becomes a proposal, recorded on Enter or
 * corrected with 1-3; it records by itself only above the confidence the player sets.
 */
export class CameraPanelState {
  readonly camera = new Camera();
  video = $state<HTMLVideoElement>();
  roi = $state<Region>({ ...DEFAULT_ROI });
  proposal = $state.raw<Proposal | null>(null);
  notice = $state('Start the camera, then place a discard inside the frame.');
  /** a problem with what the camera sees (two tiles, too dark, unreadable): shown as a warning */
  noticeIsProblem = $state(false);
  lastRecorded = $state('');
  autoRecord = $state(false);
  threshold = $state(95);
  calibrating = $state(false);
  /** the last floor check, until the record changes or the player is done with it */
  floorCheck = $state.raw<FloorCheckShown | null>(null);
  checkingFloor = $state(false);
  #busy = false;
  /** the last tile recorded, and whether the region has been seen empty since (see tick) */
  #lastTile: Tile | null = null;
  #clearedSinceRecord = true;
  #detector = new ArrivalDetector();
  /** the region as it last lay still: the frame before the next discard is laid down */
  #settled: ImageData | null = null;
  #timer: ReturnType<typeof setInterval> | undefined;
  #grabCanvas: OffscreenCanvas | null = null;
  #dragFrom: { x: number; y: number } | null = null;

  constructor(
    readonly recognizer: Recognizer,
    /** record the tile exactly as if typed */
    private readonly onrecord: (tile: Tile) => void,
    /** told of every proposal (e.g. to highlight it elsewhere) */
    private readonly onpropose?: (p: Proposal) => void,
  ) {}

  /** The region of interest as pixels, scaled so the tile is about the size the pipeline expects. */
  grab = (): ImageData | null => {
    const video = this.video;
    if (!video || video.readyState < 2 || !video.videoWidth) return null;
    const { roi } = this;
    const sx = roi.x * video.videoWidth,
      sy = roi.y * video.videoHeight;
    const sw = roi.w * video.videoWidth,
      sh = roi.h * video.videoHeight;
    const k = Math.min(1, 240 / sh);
    const w = Math.max(24, Math.round(sw * k)),
      h = Math.max(24, Math.round(sh * k));
    const canvas = (this.#grabCanvas ??= new OffscreenCanvas(1, 1));
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(video, sx, sy, sw, sh, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h);
  };

  /** The whole picture, for the floor check. */
  grabWhole = (): ImageData | null => {
    const video = this.video;
    if (!video || video.readyState < 2 || !video.videoWidth) return null;
    const k = Math.min(1, FLOOR_WIDTH / video.videoWidth);
    const w = Math.round(video.videoWidth * k),
      h = Math.round(video.videoHeight * k);
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(video, 0, 0, w, h);
    return ctx.getImageData(0, 0, w, h);
  };

  /** Check the floor against the record (floor-check.ts): the record is asked for when the reading
   *  is done, so a discard typed meanwhile counts. */
  async checkFloor(record: () => TileCounts): Promise<void> {
    if (this.checkingFloor) return;
    this.checkingFloor = true;
    try {
      // A camera just started shows its first picture a moment later.
      let frame = this.grabWhole();
      for (let waited = 0; !frame && waited < 5000 && this.camera.status === 'live'; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
        frame = this.grabWhole();
      }
      if (!frame) {
        this.notice = 'The camera shows no picture yet: start it, then check the floor again.';
        return;
      }
      const r = await this.recognizer.readFloor(frame);
      if (!r.ok) {
        this.notice = r.message;
        this.noticeIsProblem = true;
        return;
      }
      this.floorCheck = { check: checkFloor(r.readings, record()), frame };
    } finally {
      this.checkingFloor = false;
    }
  }

  /** One sample of the region: read it when a tile has just settled there. */
  async tick(): Promise<void> {
    if (this.#busy || this.calibrating) return;
    const frame = this.grab();
    if (!frame) return;
    const seen = this.#detector.push(frame);
    if (seen === 'still') this.#settled = frame;
    if (seen !== 'arrived') return;
    // The new discard is what changed since the region last lay still (new-discard.ts).
    const before = this.#settled;
    this.#settled = frame;
    this.#busy = true;
    try {
      const { result } = await this.recognizer.recognize(frame, before);
      if (!result.ok) {
        // An empty region is the normal state between discards, not a problem.
        if (result.error === 'empty') this.#clearedSinceRecord = true;
        this.notice = result.error === 'empty' ? 'Watching for the next discard…' : result.message;
        this.noticeIsProblem = result.error !== 'empty';
        this.proposal = null;
        return;
      }
      const p = result.proposal;
      this.noticeIsProblem = false;
      this.onpropose?.(p);
      // Whatever is typed in the box, a low-confidence proposal never records by itself, nor one
      // below the confidence the bench shows safe for the pipeline that read it (auto-record.ts).
      // The same tile again without the region ever emptying is most likely the one just
      // recorded, re-read after the light changed: propose it, never record it by itself.
      const sameAgain = !this.#clearedSinceRecord && p.tile === this.#lastTile;
      if (this.autoRecord && !sameAgain && mayRecordItself(p.confidence, this.threshold)) {
        this.record(p.tile, 'auto');
      } else {
        this.proposal = p;
        this.notice = sameAgain
          ? 'Same tile as the one just recorded: Enter only if it was discarded again.'
          : p.confidence < 0.6
            ? 'Not sure: check the tile, then Enter or pick the right one.'
            : 'Enter to record, 1-3 for another.';
      }
    } finally {
      this.#busy = false;
    }
  }

  record(tile: Tile, how: How): void {
    this.onrecord(tile);
    this.#lastTile = tile;
    this.#clearedSinceRecord = false;
    this.lastRecorded = `${tileName(tile)} recorded${how === 'auto' ? ' automatically' : ''}.`;
    this.proposal = null;
    this.notice = 'Watching for the next discard…';
  }

  /** Enter: record the proposal. True when there was one. */
  confirm(): boolean {
    if (!this.proposal) return false;
    this.record(this.proposal.tile, 'confirmed');
    return true;
  }
  /** 1-3: record runner-up n instead. */
  pick(n: number): boolean {
    const alt = this.proposal?.runnersUp[n - 1];
    if (!alt) return false;
    this.record(alt.tile, 'corrected');
    return true;
  }
  /** Escape: drop the proposal, record nothing. */
  dismiss(): boolean {
    if (!this.proposal) return false;
    this.proposal = null;
    this.notice = 'Dismissed: nothing recorded. Show the tile again to re-read it.';
    this.#detector.reset();
    return true;
  }

  async start(): Promise<void> {
    await this.camera.start();
    if (this.camera.status !== 'live') {
      this.notice = ''; // the camera's own message says what is wrong
      return;
    }
    this.notice = 'Loading the tile reader…';
    void this.recognizer.start().then(() => {
      this.notice = this.recognizer.status === 'ready' ? 'Watching for a discard…' : this.recognizer.message;
    });
    this.#detector = new ArrivalDetector();
    this.#settled = null;
    clearInterval(this.#timer);
    this.#timer = setInterval(() => void this.tick(), SAMPLE_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.camera.stop();
    this.proposal = null;
    this.notice = 'Camera off.';
  }

  /** After teaching, or a new region: the next settled tile is read afresh. */
  endCalibration(): void {
    this.calibrating = false;
    this.#detector.reset();
    this.#settled = null;
  }
  resetRegion(): void {
    this.roi = { ...DEFAULT_ROI };
    this.#detector.reset();
    this.#settled = null;
  }

  /** Dragging on the preview redraws the region (points are fractions of the overlay). */
  dragStart(at: { x: number; y: number }): void {
    this.#dragFrom = at;
  }
  dragTo(p: { x: number; y: number }): void {
    const from = this.#dragFrom;
    if (!from) return;
    const w = Math.abs(p.x - from.x),
      h = Math.abs(p.y - from.y);
    if (w > MIN_DRAG && h > MIN_DRAG) this.roi = { x: Math.min(p.x, from.x), y: Math.min(p.y, from.y), w, h };
  }
  dragEnd(): void {
    if (this.#dragFrom) {
      this.#detector.reset();
      this.#settled = null; // another part of the table: what lay there before is unknown
    }
    this.#dragFrom = null;
  }

  /** The panel's own keys (Enter, 1-3, Escape), unless a field has them. True when acted on. */
  key(key: string, target: EventTarget | null): boolean {
    if (!this.proposal || this.calibrating) return false;
    const t = target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return false;
    if (key === 'Enter') return this.confirm();
    if (['1', '2', '3'].includes(key)) return this.pick(Number(key));
    if (key === 'Escape') return this.dismiss();
    return false;
  }
}
