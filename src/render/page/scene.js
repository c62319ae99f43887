// The three.js scene shared by the viewer and the exporter: spheres as shaded point-sprite impostors (one
// vertex per sphere, the sphere surface reconstructed per fragment with a correct depth), walls as
// translucent triangles seen only from the particles' side, each placed where the frame says it is (hidden once
// removed), and a z-up camera framing the box of src/output/frames.ts `framing`. With `cut`, everything in front of
// the vertical plane through the framed centre facing the camera is left out (whole spheres, walls clipped), so
// the flow inside a silo or hopper shows.
// Impostors, not meshes: under SwiftShader (headless Chromium) InstancedMesh spheres took 0.6–2.5 s per frame
// at 10k spheres, impostors 54–87 ms at 10k–50k (measured).
import * as THREE from 'three';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

export const BACKGROUND = 0xeef0f3;
const FOV_DEGREES = 35;

const vertexShader = /* glsl */ `
  attribute float radius;
  attribute vec3 tint;
  uniform float pixelsPerUnit;
  // The cut-away: spheres whose centre c has dot(cut.xyz, c) > cut.w are not drawn (cut.xyz = 0: no cut).
  uniform vec4 cut;
  varying vec3 vTint;
  varying vec3 vCentre;
  varying float vRadius;
  void main() {
    vec4 centre = modelViewMatrix * vec4(position, 1.0);
    vTint = tint;
    vCentre = centre.xyz;
    vRadius = radius;
    gl_Position = projectionMatrix * centre;
    gl_PointSize = max(2.0 * radius * pixelsPerUnit / -centre.z, 1.0);
    // Beyond the far plane: clipped before any fragment is made.
    if (dot(cut.xyz, position) > cut.w) gl_Position = vec4(0.0, 0.0, 2.0, 1.0);
  }`;

const fragmentShader = /* glsl */ `
  uniform mat4 projection;
  varying vec3 vTint;
  varying vec3 vCentre;
  varying float vRadius;
  void main() {
    vec2 c = 2.0 * gl_PointCoord - 1.0;
    c.y = -c.y;
    float r2 = dot(c, c);
    if (r2 > 1.0) discard;
    vec3 normal = vec3(c, sqrt(1.0 - r2));
    // Depth of the sphere's surface, so intersecting spheres and walls occlude each other correctly.
    vec4 clip = projection * vec4(vCentre + vRadius * normal, 1.0);
    gl_FragDepth = 0.5 * clip.z / clip.w + 0.5;
    // Key light from the upper left of the view, a little specular, ambient so shadowed sides keep their colour.
    vec3 light = normalize(vec3(-0.45, 0.6, 0.65));
    float diffuse = max(dot(normal, light), 0.0);
    float specular = pow(max(dot(normal, normalize(light + vec3(0.0, 0.0, 1.0))), 0.0), 48.0);
    gl_FragColor = vec4(vTint * (0.38 + 0.62 * diffuse) + 0.22 * specular, 1.0);
  }`;

/**
 * Camera directions: azimuth from +x towards +y and elevation above the xy plane, degrees. Distinct elevations,
 * so that they differ for an axisymmetric heap too: front is a profile (a heap's slope reads as it is), side a
 * low oblique view from +x, iso from above, top straight down.
 */
export const CAMERA_PRESETS = { iso: [-60, 30], front: [-90, 0], side: [0, 15], top: [-90, 89] };

/** Walls that hold a discharging bed: a run with one is cut away and seen from the front by default. */
const DISCHARGE_WALLS = ['silo', 'cone'];

/** Whether the run discharges through an orifice (a silo or a hopper's cone): the defaults of `cut` and `camera`. */
export function isDischarge(run) {
  return run.index.walls.surfaces.some((wall) => DISCHARGE_WALLS.includes(wall.type));
}

/** Runs of fewer spheres are framed on every frame by default: a few spheres are no crowd to leave outliers of. */
const FEW_SPHERES = 50;

export class RunScene {
  /** fit: 'final', 'all' or 'auto' (see src/render/export.ts FITS); cut: leave out the half nearer the camera */
  constructor(canvas, run, { interactive, fit = 'auto', cut = false }) {
    this.cutPlane = new THREE.Plane();
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
    this.renderer.localClippingEnabled = true;
    this.renderer.setPixelRatio(1);
    this.renderer.setClearColor(BACKGROUND, 1);
    this.scene = new THREE.Scene();
    this.camera = new THREE.PerspectiveCamera(FOV_DEGREES, 1, 1e-3, 10);
    this.camera.up.set(0, 0, 1);
    this.scene.add(this.camera);

    const n = run.index.particles;
    const geometry = new THREE.BufferGeometry();
    this.position = new THREE.BufferAttribute(new Float32Array(3 * n), 3).setUsage(THREE.DynamicDrawUsage);
    this.tint = new THREE.BufferAttribute(new Float32Array(3 * n), 3).setUsage(THREE.DynamicDrawUsage);
    geometry.setAttribute('position', this.position);
    geometry.setAttribute('tint', this.tint);
    geometry.setAttribute('radius', new THREE.BufferAttribute(run.radius, 1));
    this.spheres = new THREE.ShaderMaterial({
      uniforms: {
        pixelsPerUnit: { value: 1 }, projection: { value: this.camera.projectionMatrix }, cut: { value: new THREE.Vector4() },
      },
      vertexShader,
      fragmentShader,
    });
    const points = new THREE.Points(geometry, this.spheres);
    points.frustumCulled = false; // the positions change every frame
    this.points = points;
    this.scene.add(points);

    this.walls = run.index.walls.surfaces.map(({ first, count, rotates }) =>
      this.addWall(run.walls.subarray(9 * first, 9 * (first + count)), rotates === true));
    this.scene.add(new THREE.AmbientLight(0xffffff, 1.6));
    const headlight = new THREE.DirectionalLight(0xffffff, 1.8);
    headlight.position.set(-0.5, 1, 1);
    this.camera.add(headlight);

    const { framing } = run.index;
    const box = fit === 'all' || (fit === 'auto' && run.index.particles < FEW_SPHERES) ? framing.all : framing.final;
    this.box = new THREE.Box3(new THREE.Vector3(...box.min), new THREE.Vector3(...box.max));
    this.centre = this.box.getCenter(new THREE.Vector3());
    this.setCut(cut);
    if (interactive) {
      this.controls = new OrbitControls(this.camera, canvas);
      this.controls.target.copy(this.centre);
      // z is up: the camera stays above the horizontal plane through the centre, so never under the floor.
      this.controls.maxPolarAngle = Math.PI / 2;
      this.controls.addEventListener('change', () => {
        this.placeCut();
        this.render();
      });
    }
  }

  /**
   * One wall's group (translucent surface and outline), at rest; null for a wall with nothing to draw. A rotating
   * wall is outlined at every facet edge, so that a turning drum shows its turning.
   */
  addWall(triangles, rotates) {
    if (triangles.length === 0) return null;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(triangles, 3));
    geometry.computeVertexNormals();
    // Front faces look into the domain: walls between the camera and the particles are culled.
    const surface = new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({
      color: 0x8d99a8, transparent: true, opacity: 0.45, side: THREE.FrontSide, depthWrite: false,
    }));
    // Edges where faces meet at more than 20°: a box's edges and a cylinder's rims, not its 48 facets.
    const outline = new THREE.LineSegments(new THREE.EdgesGeometry(geometry, rotates ? 1 : 20),
      new THREE.LineBasicMaterial({ color: 0x56606c }));
    const group = new THREE.Group();
    group.add(surface, outline);
    this.scene.add(group);
    return group;
  }

  /**
   * Places every wall as a frame says: offset from rest (m), the affine map [t, R row-major] of a rotating wall,
   * or hidden when null (removed).
   */
  placeWalls(placement) {
    this.walls.forEach((group, w) => {
      if (group === null) return;
      const place = placement?.[w] ?? [0, 0, 0];
      group.visible = placement?.[w] !== null;
      if (place === null) return;
      const [tx, ty, tz, ...R] = place;
      if (R.length === 0) {
        group.position.set(tx, ty, tz);
        return;
      }
      new THREE.Matrix4().set(R[0], R[1], R[2], tx, R[3], R[4], R[5], ty, R[6], R[7], R[8], tz, 0, 0, 0, 1)
        .decompose(group.position, group.quaternion, group.scale);
    });
  }

  resize(width, height) {
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.fitDistance();
    this.spheres.uniforms.pixelsPerUnit.value = height / (2 * Math.tan(THREE.MathUtils.degToRad(this.camera.fov) / 2));
  }

  /** Looks at the framed box's centre from the given direction, as close as lets every corner of the box show. */
  aim([azimuthDeg, elevationDeg]) {
    const az = THREE.MathUtils.degToRad(azimuthDeg), el = THREE.MathUtils.degToRad(elevationDeg);
    this.direction = new THREE.Vector3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
    this.fitDistance();
  }

  fitDistance() {
    if (!this.direction) return;
    const tanY = Math.tan(THREE.MathUtils.degToRad(this.camera.fov) / 2);
    const tanX = tanY * this.camera.aspect;
    // The view's axes: right and up across the screen, `direction` towards the camera.
    const right = new THREE.Vector3(0, 0, 1).cross(this.direction);
    if (right.lengthSq() < 1e-12) right.set(1, 0, 0);
    right.normalize();
    const up = this.direction.clone().cross(right);
    // A corner at depth d towards the camera and lateral offsets x, y shows when |x| <= (D − d) tanX, likewise y.
    let distance = 0;
    const corner = new THREE.Vector3();
    for (let k = 0; k < 8; k++) {
      corner.set(k & 1 ? this.box.max.x : this.box.min.x, k & 2 ? this.box.max.y : this.box.min.y,
        k & 4 ? this.box.max.z : this.box.min.z).sub(this.centre);
      const depth = corner.dot(this.direction);
      distance = Math.max(distance, depth + Math.abs(corner.dot(right)) / tanX, depth + Math.abs(corner.dot(up)) / tanY);
    }
    distance = 1.08 * (distance || 1);
    this.camera.position.copy(this.centre).addScaledVector(this.direction, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.lookAt(this.centre);
    this.camera.updateProjectionMatrix();
    this.controls?.update();
    this.placeCut();
  }

  /** Turns the cut-away on or off (the viewer's checkbox; --cut of the exporter). */
  setCut(on) {
    this.cutting = on;
    for (const group of this.walls) {
      group?.traverse((part) => {
        if (!part.material) return;
        part.material.clippingPlanes = on ? [this.cutPlane] : [];
        part.material.needsUpdate = true;
      });
    }
    this.placeCut();
  }

  /**
   * The cut-away plane: vertical, through the framed centre, facing the camera (a view from straight above has no
   * such plane: nothing is cut). Walls are clipped by it (three.js keeps the side its normal points to); spheres
   * with their centre in front of it are left out whole.
   */
  placeCut() {
    const towards = this.camera.position.clone().sub(this.controls?.target ?? this.centre).setZ(0);
    const uniform = this.spheres.uniforms.cut.value;
    if (!this.cutting || towards.lengthSq() < 1e-12 * this.camera.position.lengthSq()) {
      uniform.set(0, 0, 0, 0);
      this.cutPlane.set(new THREE.Vector3(0, 0, 1), Infinity);
      return;
    }
    towards.normalize();
    const offset = towards.dot(this.controls?.target ?? this.centre);
    uniform.set(towards.x, towards.y, towards.z, offset);
    this.cutPlane.set(towards.clone().negate(), offset);
  }

  /** Draws the spheres present in this frame (ids 0..position.length/3 − 1). */
  setParticles(position, tint) {
    this.points.geometry.setDrawRange(0, position.length / 3);
    this.position.array.set(position);
    this.position.needsUpdate = true;
    this.tint.array.set(tint);
    this.tint.needsUpdate = true;
  }

  render() {
    this.renderer.render(this.scene, this.camera);
  }

  /** Pixels per metre across the screen at the distance of the framed box's centre (for the scale bar). */
  pixelsPerMetre() {
    const height = this.renderer.domElement.height;
    const distance = this.camera.position.distanceTo(this.controls?.target ?? this.centre);
    return height / (2 * distance * Math.tan(THREE.MathUtils.degToRad(this.camera.fov) / 2));
  }

  /** The camera as the exporter records it (camera.json), enough to project points independently. */
  cameraState() {
    const c = this.camera;
    return {
      position: c.position.toArray(), target: this.centre.toArray(), up: c.up.toArray(),
      fovDegrees: c.fov, aspect: c.aspect, near: c.near, far: c.far,
    };
  }
}
