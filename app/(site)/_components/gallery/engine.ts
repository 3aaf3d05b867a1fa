import {
  Camera,
  Mesh,
  Plane,
  Program,
  Renderer,
  Texture,
  Transform,
  type OGLRenderingContext,
} from 'ogl';
import {
  bendAt,
  GALLERY_SETTINGS,
  loopedItems,
  snapToStep,
  wrappedOffset,
  type GalleryItem,
} from './items';

/**
 * The curved WebGL carousel (ogl). Images sit on planes along an arc; wheel, drag and arrow keys
 * move a target position the view eases towards, and it always comes to rest on a whole image.
 */

const VERTEX = /* glsl */ `
  precision highp float;
  attribute vec3 position;
  attribute vec2 uv;
  uniform mat4 modelViewMatrix;
  uniform mat4 projectionMatrix;
  uniform float uTime;
  uniform float uSpeed;
  varying vec2 vUv;
  void main() {
    vUv = uv;
    vec3 p = position;
    // A soft ripple whose strength follows the scroll speed.
    p.z = (sin(p.x * 4.0 + uTime) * 1.5 + cos(p.y * 2.0 + uTime) * 1.5) * (0.1 + uSpeed * 0.5);
    gl_Position = projectionMatrix * modelViewMatrix * vec4(p, 1.0);
  }
`;

const IMAGE_FRAGMENT = /* glsl */ `
  precision highp float;
  uniform vec2 uImageSize;
  uniform vec2 uPlaneSize;
  uniform sampler2D tMap;
  uniform float uRadius;
  varying vec2 vUv;
  float roundedBox(vec2 p, vec2 halfSize, float r) {
    vec2 q = abs(p) - halfSize + r;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
  }
  void main() {
    // Cover the plane with the image without stretching it.
    vec2 ratio = vec2(
      min((uPlaneSize.x / uPlaneSize.y) / (uImageSize.x / uImageSize.y), 1.0),
      min((uPlaneSize.y / uPlaneSize.x) / (uImageSize.y / uImageSize.x), 1.0)
    );
    vec2 uv = vec2(vUv.x * ratio.x + (1.0 - ratio.x) * 0.5, vUv.y * ratio.y + (1.0 - ratio.y) * 0.5);
    vec4 color = texture2D(tMap, uv);
    float d = roundedBox(vUv - 0.5, vec2(0.5), uRadius);
    float alpha = 1.0 - smoothstep(-0.002, 0.002, d);
    gl_FragColor = vec4(color.rgb, color.a * alpha);
  }
`;

const TEXT_VERTEX = /* glsl */ `
  attribute vec3 position;
  attribute vec2 uv;
  uniform mat4 modelViewMatrix;
  uniform mat4 projectionMatrix;
  varying vec2 vUv;
  void main() {
    vUv = uv;
    gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  }
`;

const TEXT_FRAGMENT = /* glsl */ `
  precision highp float;
  uniform sampler2D tMap;
  varying vec2 vUv;
  void main() {
    vec4 color = texture2D(tMap, vUv);
    if (color.a < 0.1) discard;
    gl_FragColor = color;
  }
`;

export type GalleryOptions = {
  items: readonly GalleryItem[];
  bend: number;
  /** CSS font family of the captions (bold 30px). */
  captionFontFamily: string;
  captionColor: string;
  /** Called with the resting position, in whole images from the start, after each snap. */
  onSettle?: (steps: number) => void;
};

function captionTexture(gl: OGLRenderingContext, text: string, font: string, color: string) {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d')!;
  context.font = font;
  const metrics = context.measureText(text);
  const fontSize = 30;
  const width = Math.ceil(metrics.width) + 20;
  const height = Math.ceil(fontSize * 1.4) + 20;
  canvas.width = width;
  canvas.height = height;
  context.font = font;
  context.fillStyle = color;
  context.textBaseline = 'middle';
  context.textAlign = 'center';
  context.fillText(text, width / 2, height / 2);
  const texture = new Texture(gl, { generateMipmaps: false });
  texture.image = canvas;
  return { texture, width, height };
}

class Slide {
  readonly plane: Mesh;
  private readonly program: Program;
  private readonly caption: Mesh;
  private readonly captionAspect: number;
  private baseX = 0;

  constructor(
    gl: OGLRenderingContext,
    geometry: Plane,
    scene: Transform,
    readonly index: number,
    item: GalleryItem,
    options: GalleryOptions,
    onImageLoaded: () => void,
  ) {
    const texture = new Texture(gl, { generateMipmaps: true });
    this.program = new Program(gl, {
      depthTest: false,
      depthWrite: false,
      vertex: VERTEX,
      fragment: IMAGE_FRAGMENT,
      transparent: true,
      uniforms: {
        tMap: { value: texture },
        uPlaneSize: { value: [1, 1] },
        uImageSize: { value: [1, 1] },
        uSpeed: { value: 0 },
        uTime: { value: 100 * Math.random() },
        uRadius: { value: GALLERY_SETTINGS.borderRadius },
      },
    });
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.src = item.image;
    image.onload = () => {
      texture.image = image;
      this.program.uniforms.uImageSize!.value = [image.naturalWidth || 1, image.naturalHeight || 1];
      // A carousel at rest asks for no frames: without this, an image that arrives after it came
      // to rest would never be drawn (captions on empty cards on a slow phone).
      onImageLoaded();
    };
    this.plane = new Mesh(gl, { geometry, program: this.program });
    this.plane.setParent(scene);

    const font = `${GALLERY_SETTINGS.captionFont} ${options.captionFontFamily}`;
    const {
      texture: textTexture,
      width,
      height,
    } = captionTexture(gl, item.text, font, options.captionColor);
    this.captionAspect = width / height;
    this.caption = new Mesh(gl, {
      geometry,
      program: new Program(gl, {
        vertex: TEXT_VERTEX,
        fragment: TEXT_FRAGMENT,
        uniforms: { tMap: { value: textTexture } },
        transparent: true,
      }),
    });
    this.caption.setParent(this.plane);
  }

  resize(planeWidth: number, planeHeight: number, step: number) {
    this.plane.scale.x = planeWidth;
    this.plane.scale.y = planeHeight;
    this.program.uniforms.uPlaneSize!.value = [planeWidth, planeHeight];
    this.baseX = step * this.index;
    // The caption is a child of the plane: its size is a fraction of the plane's.
    const captionHeight = 0.15;
    this.caption.scale.set(
      (captionHeight * this.captionAspect * planeHeight) / planeWidth,
      captionHeight,
      1,
    );
    this.caption.position.y = -0.5 - captionHeight * 0.5 - 0.05;
  }

  update(
    scroll: number,
    total: number,
    halfWidth: number,
    bend: number,
    speed: number,
    time: number,
  ) {
    const x = wrappedOffset(this.baseX, scroll, total);
    const { y, rotation } = bendAt(x, halfWidth, bend);
    this.plane.position.x = x;
    this.plane.position.y = y;
    this.plane.rotation.z = rotation;
    this.program.uniforms.uTime!.value = time;
    this.program.uniforms.uSpeed!.value = speed;
  }
}

/** Share of an image below which the carousel counts as resting. */
const REST_TOLERANCE = 0.0005;

export class CircularGalleryEngine {
  private readonly renderer: Renderer;
  private readonly gl: OGLRenderingContext;
  private readonly camera: Camera;
  private readonly scene = new Transform();
  private readonly slides: Slide[];
  private readonly scroll = { current: 0, target: 0, last: 0 };
  private step = 1;
  private total = 1;
  private halfWidth = 1;
  private frame = 0;
  /** Whether the carousel is on screen (set by start and stop). */
  private visible = false;
  /** Whether a frame is scheduled: only while something moves, so a resting carousel costs nothing. */
  private running = false;
  private time = 0;
  private snapTimer: ReturnType<typeof setTimeout> | undefined;
  private drag: { startX: number; startTarget: number; pointerId: number } | null = null;
  private readonly resizeObserver: ResizeObserver;
  private bend: number;

  constructor(
    private readonly container: HTMLElement,
    private readonly options: GalleryOptions,
  ) {
    this.bend = options.bend;
    this.renderer = new Renderer({
      alpha: true,
      antialias: true,
      dpr: Math.min(window.devicePixelRatio || 1, 2),
    });
    this.gl = this.renderer.gl;
    this.gl.clearColor(0, 0, 0, 0);
    this.gl.canvas.setAttribute('aria-hidden', 'true');
    this.gl.canvas.style.display = 'block';
    this.gl.canvas.style.width = '100%';
    this.gl.canvas.style.height = '100%';
    this.gl.canvas.style.touchAction = 'pan-y';
    container.appendChild(this.gl.canvas);

    this.camera = new Camera(this.gl, { fov: 45 });
    this.camera.position.z = 20;
    const geometry = new Plane(this.gl, { heightSegments: 50, widthSegments: 100 });
    this.slides = loopedItems(options.items).map(
      (item, index) =>
        new Slide(this.gl, geometry, this.scene, index, item, options, () => this.wake()),
    );

    this.resize();
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);

    this.gl.canvas.addEventListener('pointerdown', this.onPointerDown);
    window.addEventListener('pointermove', this.onPointerMove);
    window.addEventListener('pointerup', this.onPointerUp);
    window.addEventListener('pointercancel', this.onPointerUp);
    container.addEventListener('wheel', this.onWheel, { passive: false });
  }

  /** How far one image moves the carousel, in scroll units. */
  get stepSize(): number {
    return this.step;
  }

  /** The position the carousel is heading to, in images from the start. */
  get targetSteps(): number {
    return this.scroll.target / this.step;
  }

  setBend(bend: number) {
    this.bend = bend;
    this.render(0);
  }

  /** Moves by whole images (arrow keys and buttons). */
  moveBy(images: number) {
    this.scroll.target = snapToStep(this.scroll.target, this.step) + images * this.step;
    this.settle();
  }

  /** The carousel came on screen: animate whenever it moves. */
  start() {
    this.visible = true;
    this.wake();
  }

  /** The carousel left the screen: no frames at all until it returns. */
  stop() {
    this.visible = false;
    this.running = false;
    cancelAnimationFrame(this.frame);
  }

  private wake() {
    if (!this.visible || this.running) return;
    this.running = true;
    this.frame = requestAnimationFrame(this.tick);
  }

  destroy() {
    this.stop();
    clearTimeout(this.snapTimer);
    this.resizeObserver.disconnect();
    this.gl.canvas.removeEventListener('pointerdown', this.onPointerDown);
    window.removeEventListener('pointermove', this.onPointerMove);
    window.removeEventListener('pointerup', this.onPointerUp);
    window.removeEventListener('pointercancel', this.onPointerUp);
    this.container.removeEventListener('wheel', this.onWheel);
    // Hand the GPU memory back at once rather than waiting for garbage collection.
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
    this.gl.canvas.remove();
  }

  private resize() {
    const width = this.container.clientWidth;
    const height = this.container.clientHeight;
    if (width === 0 || height === 0) return;
    this.renderer.setSize(width, height);
    this.camera.perspective({ aspect: width / height });
    const fov = (this.camera.fov * Math.PI) / 180;
    const viewHeight = 2 * Math.tan(fov / 2) * this.camera.position.z;
    const viewWidth = viewHeight * (width / height);
    const planeHeight = viewHeight * 0.62;
    const planeWidth = planeHeight * 0.8;
    const previousStep = this.step;
    this.step = planeWidth * 1.18;
    this.total = this.step * this.slides.length;
    this.halfWidth = viewWidth / 2;
    // Keep the same image in front when the size changes.
    const ratio = this.step / previousStep;
    this.scroll.current *= ratio;
    this.scroll.target *= ratio;
    this.scroll.last = this.scroll.current;
    for (const slide of this.slides) slide.resize(planeWidth, planeHeight, this.step);
    this.scene.position.y = viewHeight * 0.06;
    this.render(0);
  }

  private settle = () => {
    clearTimeout(this.snapTimer);
    this.scroll.target = snapToStep(this.scroll.target, this.step);
    this.wake();
    // Unrounded on purpose: the end-to-end tests check that it is a whole number of images.
    this.options.onSettle?.(this.scroll.target / this.step);
  };

  private onWheel = (event: WheelEvent) => {
    const horizontal = Math.abs(event.deltaX) > Math.abs(event.deltaY);
    const delta = horizontal ? event.deltaX : event.deltaY;
    if (delta === 0) return;
    // A sideways swipe belongs to the carousel; an up-down wheel still scrolls the page too.
    if (horizontal) event.preventDefault();
    this.scroll.target += Math.sign(delta) * GALLERY_SETTINGS.scrollSpeed * this.step * 0.5;
    this.wake();
    clearTimeout(this.snapTimer);
    this.snapTimer = setTimeout(this.settle, GALLERY_SETTINGS.snapDebounceMs);
  };

  private onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    this.drag = {
      startX: event.clientX,
      startTarget: this.scroll.target,
      pointerId: event.pointerId,
    };
  };

  private onPointerMove = (event: PointerEvent) => {
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    // dragFactor is the share of a tenth of an image that one pixel of drag moves.
    const distance = (this.drag.startX - event.clientX) * GALLERY_SETTINGS.dragFactor;
    this.scroll.target = this.drag.startTarget + distance * (this.step / 10);
    this.wake();
  };

  private onPointerUp = (event: PointerEvent) => {
    if (!this.drag || event.pointerId !== this.drag.pointerId) return;
    this.drag = null;
    this.settle();
  };

  private render(speed: number) {
    for (const slide of this.slides) {
      slide.update(this.scroll.current, this.total, this.halfWidth, this.bend, speed, this.time);
    }
    this.renderer.render({ scene: this.scene, camera: this.camera });
  }

  private tick = () => {
    if (!this.running) return;
    this.scroll.current += (this.scroll.target - this.scroll.current) * GALLERY_SETTINGS.easing;
    const speed = this.scroll.current - this.scroll.last;
    this.scroll.last = this.scroll.current;
    this.time += 0.04;
    const resting =
      !this.drag &&
      Math.abs(this.scroll.target - this.scroll.current) < this.step * REST_TOLERANCE &&
      Math.abs(speed) < this.step * REST_TOLERANCE;
    if (resting) {
      // Close enough to see no difference: land exactly and stop asking for frames.
      this.scroll.current = this.scroll.target;
      this.scroll.last = this.scroll.current;
      this.render(0);
      this.running = false;
      return;
    }
    this.render(speed);
    this.frame = requestAnimationFrame(this.tick);
  };
}
