/**
 * The webcam as reactive state: which cameras exist, which one is live, and a plain sentence
 * when there is none or permission was refused. Permission itself is decided by the app's
 * own handler in main (video only, our page only).
 */
export type CameraStatus = 'off' | 'starting' | 'live' | 'no-camera' | 'denied' | 'error';

export class Camera {
  status = $state<CameraStatus>('off');
  message = $state('');
  devices = $state.raw<{ id: string; label: string }[]>([]);
  deviceId = $state('');
  stream = $state.raw<MediaStream | null>(null);

  async refreshDevices(): Promise<void> {
    const md = globalThis.navigator?.mediaDevices;
    if (!md?.enumerateDevices) {
      this.devices = [];
      return;
    }
    const all = await md.enumerateDevices();
    this.devices = all.filter((d) => d.kind === 'videoinput').map((d, i) => ({ id: d.deviceId, label: d.label || `Camera ${i + 1}` }));
  }

  async start(deviceId = this.deviceId): Promise<void> {
    this.stop();
    const md = globalThis.navigator?.mediaDevices;
    if (!md?.getUserMedia) return this.#fail('no-camera', 'This computer offers no camera to the app. Type the tiles instead.');
    this.status = 'starting';
    this.message = '';
    try {
      this.stream = await md.getUserMedia({
        audio: false,
        video: deviceId ? { deviceId: { exact: deviceId }, width: { ideal: 1280 } } : { width: { ideal: 1280 } },
      });
      const track = this.stream.getVideoTracks()[0];
      this.deviceId = track?.getSettings().deviceId ?? deviceId;
      if (track)
        track.onended = () => {
          if (this.stream?.getVideoTracks()[0] !== track) return; // we stopped it ourselves
          this.stream = null;
          this.#fail('no-camera', 'The camera was disconnected. Plug it back in and press Start, or type the tiles.');
        };
      this.status = 'live';
      await this.refreshDevices();
    } catch (e) {
      const name = (e as DOMException).name;
      if (name === 'NotAllowedError' || name === 'SecurityError')
        this.#fail('denied', 'Camera permission was refused. Allow the camera for MahjMate, or type the tiles instead.');
      else if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError')
        this.#fail('no-camera', 'No camera found. Plug one in and press Start, or type the tiles instead.');
      else if (name === 'NotReadableError') this.#fail('error', 'The camera is busy in another program. Close it there and press Start.');
      else this.#fail('error', `The camera could not start (${name || String(e)}).`);
    }
  }

  stop(): void {
    for (const t of this.stream?.getTracks() ?? []) t.stop();
    this.stream = null;
    if (this.status === 'live' || this.status === 'starting') this.status = 'off';
  }

  #fail(status: CameraStatus, message: string) {
    this.status = status;
    this.message = message;
  }
}
