// The three.js scene shared by the viewer and the exporter: spheres as shaded point-sprite impostors (one
// vertex per sphere, the sphere surface reconstructed per fragment with a correct depth), walls as
// translucent triangles seen only from the particles' side, a z-up camera framing the whole run.
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

/** Camera directions: azimuth from +x towards +y and elevation above the xy plane, degrees. */
export const CAMERA_PRESETS = { iso: [-60, 25], front: [-90, 8], side: [0, 8], top: [-90, 89] };

export class RunScene {
  constructor(canvas, run, { interactive }) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
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
      uniforms: { pixelsPerUnit: { value: 1 }, projection: { value: this.camera.projectionMatrix } },
      vertexShader,
      fragmentShader,
    });
    const points = new THREE.Points(geometry, this.spheres);
    points.frustumCulled = false; // the positions change every frame
    this.points = points;
    this.scene.add(points);

    const bounds = new THREE.Box3(new THREE.Vector3(...run.index.bounds.min), new THREE.Vector3(...run.index.bounds.max));
    if (run.walls.length > 0) this.addWalls(run.walls, bounds);
    this.scene.add(new THREE.AmbientLight(0xffffff, 1.6));
    const headlight = new THREE.DirectionalLight(0xffffff, 1.8);
    headlight.position.set(-0.5, 1, 1);
    this.camera.add(headlight);

    this.centre = bounds.getCenter(new THREE.Vector3());
    this.radius = 0.5 * bounds.getSize(new THREE.Vector3()).length() || 1;
    if (interactive) {
      this.controls = new OrbitControls(this.camera, canvas);
      this.controls.target.copy(this.centre);
      this.controls.addEventListener('change', () => this.render());
    }
  }

  addWalls(triangles, bounds) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(triangles, 3));
    geometry.computeVertexNormals();
    geometry.computeBoundingBox();
    bounds.union(geometry.boundingBox);
    // Front faces look into the domain: walls between the camera and the particles are culled.
    const surface = new THREE.Mesh(geometry, new THREE.MeshLambertMaterial({
      color: 0x8d99a8, transparent: true, opacity: 0.45, side: THREE.FrontSide, depthWrite: false,
    }));
    const outline = new THREE.LineSegments(new THREE.EdgesGeometry(geometry, 1),
      new THREE.LineBasicMaterial({ color: 0x56606c }));
    this.scene.add(surface, outline);
  }

  resize(width, height) {
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.fitDistance();
    this.spheres.uniforms.pixelsPerUnit.value = height / (2 * Math.tan(THREE.MathUtils.degToRad(this.camera.fov) / 2));
  }

  /** Looks at the run's centre from the given direction, far enough that the bounding sphere fits. */
  aim([azimuthDeg, elevationDeg]) {
    const az = THREE.MathUtils.degToRad(azimuthDeg), el = THREE.MathUtils.degToRad(elevationDeg);
    this.direction = new THREE.Vector3(Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el));
    this.fitDistance();
  }

  fitDistance() {
    if (!this.direction) return;
    const halfFov = THREE.MathUtils.degToRad(this.camera.fov) / 2;
    const halfFovX = Math.atan(Math.tan(halfFov) * this.camera.aspect);
    const distance = 1.02 * this.radius / Math.sin(Math.min(halfFov, halfFovX));
    this.camera.position.copy(this.centre).addScaledVector(this.direction, distance);
    this.camera.near = distance / 100;
    this.camera.far = distance * 10;
    this.camera.lookAt(this.centre);
    this.camera.updateProjectionMatrix();
    this.controls?.update();
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

  /** The camera as the exporter records it (camera.json), enough to project points independently. */
  cameraState() {
    const c = this.camera;
    return {
      position: c.position.toArray(), target: this.centre.toArray(), up: c.up.toArray(),
      fovDegrees: c.fov, aspect: c.aspect, near: c.near, far: c.far,
    };
  }
}
