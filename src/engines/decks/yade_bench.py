# yade_bench.py - grandamp's timing run for Yade (src/engines/yade.c): one of grandamp's packings,
# read from its data file, stepped with one model row of the benchmark matrix.
#
#   yade -j THREADS -n -x yade_bench.py data=FILE law=LAW steps=.. dt=.. skin=.. [threads=T] [law parameters]
#   yade -j THREADS -n -x yade_bench.py batch=FILE   several runs, one per line (run_batch below)
#
# threads=T runs the InteractionLoop, whose time is the one reported, on T of the THREADS
# (its ompThreads; default all), so that one start times every thread count.
#
# every=K makes it a cooling-gas run instead (src/engines/yade.c, yade_gas): no warm-up; the line
#   GRANDAMP_GAS version=..
# then the table "Step ke" of the translational kinetic energy at step 0 and every K steps (%.17g).
#
# LAW and its parameters (grandamp's row -> Yade's, see src/engines/yade.c):
#   viscel    kn= cn= ks= cs= friction=   ViscElMat per body + Law2_ScGeom_ViscElPhys_Basic: the
#                                         contact takes the harmonic mean of the two bodies'
#                                         values, so the caller passes twice the contact's
#   mindlin   young= poisson= en= friction=
#                                         FrictMat + Ip2_FrictMat_FrictMat_MindlinPhys(en) +
#                                         Law2_ScGeom_MindlinPhys_Mindlin
# friction is the friction coefficient (the material's frictionAngle is its arctangent).
#
# The packing is a LAMMPS data file of `grandamp packing` (atom_style sphere): the header's
# "N atoms" and xlo xhi / ylo yhi / zlo zhi lines, the "Atoms # sphere" section (id type diameter
# density x y z [image flags]) and an optional Velocities section (id vx vy vz wx wy wz). The box
# becomes Yade's periodic cell, the positions shifted by -lo.
#
# The collider's bounds grow by verletDist = skin/2 on each side, so that, as in a LAMMPS
# neighbour list with that skin, pairs closer than the skin are listed and the lists are rebuilt
# once a sphere has moved half the skin.
#
# One step creates the interactions (the collider's first sort and the contacts' physics), five
# more warm up (WARMUP_STEPS); the steps after them are timed. Prints one line:
#   GRANDAMP_BENCH pair_time_s=.. loop_time_s=.. atoms=.. contacts0=.. contacts=.. steps=..
#                  threads=.. setup_s=.. first_step_s=.. first_collider_s=..
#                  collider_time_s=.. interactions=.. version=..
# pair_time_s is the InteractionLoop's own timer (O.timingEnabled) over the timed steps,
# loop_time_s the wall time of those steps, contacts0 and contacts the real interactions after
# the first step and at the end, interactions every interaction at the end (the real ones and
# the collider's candidates), setup_s the wall time of reading the file and building the scene,
# first_step_s that of the untimed first step, first_collider_s the collider's share of it (its
# first sweep scans, for each sphere, all whose bounds overlap its own along one axis: a slab of
# the box, so it grows as N^(5/3)), collider_time_s the collider's time over the timed steps.
# Or GRANDAMP_ERROR <why>.
import math
import os
import sys
import time

from yade import utils


WARMUP_STEPS = 5


def parse_args(argv):
    args = {}
    for item in argv:
        key, sep, value = item.partition('=')
        if not sep:
            raise ValueError('argument %r is not key=value' % item)
        args[key] = value if key in ('law', 'data') else float(value)
    for key in ('data', 'law', 'steps', 'dt', 'skin'):
        if key not in args:
            raise ValueError('missing argument %s' % key)
    if args['steps'] != int(args['steps']) or args['steps'] < 1:
        raise ValueError('steps=%r must be a positive whole number' % args['steps'])
    return args


def read_packing(path):
    """(atoms, lo, hi, spheres): spheres is a list of (diameter, density, x, y, z, v, w) in
    the file's order, v and w the velocity and angular velocity (zero without Velocities)."""
    with open(path) as f:
        lines = f.read().split('\n')
    atoms = None
    lo, hi = [None] * 3, [None] * 3
    k = 1  # the first line is the title
    while k < len(lines):
        words = lines[k].split('#')[0].split()
        if words and words[0][0].isalpha():
            break  # a section name: the header is over
        if len(words) == 2 and words[1] == 'atoms':
            atoms = int(words[0])
        elif len(words) == 4 and words[2][1:] == 'lo' and words[3][1:] == 'hi' and words[2][0] in 'xyz':
            axis = 'xyz'.index(words[2][0])
            lo[axis], hi[axis] = float(words[0]), float(words[1])
        elif len(words) == 6 and words[3:] == ['xy', 'xz', 'yz']:
            raise ValueError('%s: a triclinic box (xy xz yz) is not supported' % path)
        k += 1
    if atoms is None or None in lo:
        raise ValueError('%s: the header lacks "N atoms" or a lo hi line' % path)
    spheres, index, vel = [], {}, {}
    while k < len(lines):
        words = lines[k].split('#')
        name = words[0].strip()
        style = words[1].strip() if len(words) > 1 else ''
        k += 1  # the blank lines after the section name are skipped below
        rows = []
        while k < len(lines) and (lines[k].strip() == '' or not lines[k].lstrip()[0].isalpha()):
            if lines[k].strip():
                rows.append(lines[k].split())
            k += 1
        if name == 'Atoms':
            if style and style != 'sphere':
                raise ValueError('%s: Atoms section of style %r, not sphere' % (path, style))
            for row in rows:
                index[int(row[0])] = len(spheres)
                spheres.append([float(row[2]), float(row[3]), float(row[4]), float(row[5]), float(row[6])])
        elif name == 'Velocities':
            for row in rows:
                vel[int(row[0])] = tuple(float(x) for x in row[1:7])
        elif name:
            raise ValueError('%s: unknown section %r' % (path, name))
    if len(spheres) != atoms:
        raise ValueError('%s: %d spheres in Atoms, the header says %d' % (path, len(spheres), atoms))
    zero = (0.0,) * 6
    for atom_id, s in zip(sorted(index, key=index.get), spheres):
        v = vel.get(atom_id, zero)
        s.append(v[0:3])
        s.append(v[3:6])
    return atoms, lo, hi, spheres


def material(a, density):
    friction = math.atan(a.get('friction', 0.0))
    if a['law'] == 'viscel':
        return ViscElMat(kn=a['kn'], cn=a['cn'], ks=a['ks'], cs=a['cs'], density=density, frictionAngle=friction)
    if a['law'] == 'mindlin':
        return FrictMat(young=a['young'], poisson=a['poisson'], density=density, frictionAngle=friction)
    raise ValueError('unknown law %r' % a['law'])


def physics_and_law(a):
    if a['law'] == 'mindlin':
        ip = Ip2_FrictMat_FrictMat_MindlinPhys(en=a['en']) if 'en' in a else Ip2_FrictMat_FrictMat_MindlinPhys()
        return ip, Law2_ScGeom_MindlinPhys_Mindlin()
    return Ip2_ViscElMat_ViscElMat_ViscElPhys(), Law2_ScGeom_ViscElPhys_Basic()


def build(a, spheres, lo, hi):
    """The periodic cell and the bodies; each sphere's mass from its own diameter and density."""
    O.periodic = True
    O.cell.setBox(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2])
    mat = material(a, spheres[0][1])
    O.materials.append(mat)
    bodies = []
    # Bodies in the order of x, the axis the collider sweeps first (sortAxis 0): its first sort
    # then finds them in order, which halves that step for 10^5 spheres and more. The spheres
    # are the file's; only Yade's ids differ from the file's order.
    for d, rho, x, y, z, v, w in sorted(spheres, key=lambda s: s[2]):
        r = 0.5 * d
        b = utils.sphere((x - lo[0], y - lo[1], z - lo[2]), r, material=mat)
        m = rho * 4.0 / 3.0 * math.pi * r ** 3
        b.state.mass = m
        b.state.inertia = (0.4 * m * r * r,) * 3
        b.state.vel = v
        b.state.angVel = w
        bodies.append(b)
    O.bodies.append(bodies)  # one call: far faster than one append per body


def new_scene(a, packing):
    """A fresh scene of the packing with a's law: the collider's first sweep comes with its first step."""
    atoms, lo, hi, spheres = packing
    O.reset()
    build(a, spheres, lo, hi)
    ip, law = physics_and_law(a)
    interactions = InteractionLoop([Ig2_Sphere_Sphere_ScGeom()], [ip], [law])
    collider = InsertionSortCollider([Bo1_Sphere_Aabb()], verletDist=0.5 * a['skin'])
    O.engines = [
        ForceResetter(),
        collider,
        interactions,
        # No numerical (non-viscous) damping and no gravity: only the contact law acts.
        NewtonIntegrator(damping=0.0, gravity=(0, 0, 0)),
    ]
    O.dt = a['dt']
    O.timingEnabled = True
    start = [(b.state.pos, b.state.vel, b.state.angVel) for b in O.bodies]
    return {'interactions': interactions, 'collider': collider, 'start': start, 'key': scene_key(a)}


def scene_key(a):
    """What a loaded scene must share with the next run to serve it: the packing, the law and its
    functors' parameters (en), the collider's verlet distance and the time step."""
    return (a['data'], a['law'], a.get('en'), a['skin'], a['dt'])


def reuse_scene(a, scene):
    """The loaded scene made ready for the next run of the same law: every sphere back at the
    packing's position, velocity and spin with the new material, and every interaction's
    geometry and physics dropped, so that the first step creates them anew from the new
    material, as in a fresh scene; the collider keeps its sorted bounds and candidate pairs (no
    second first sweep)."""
    mat = material(a, O.bodies[0].material.density)
    O.materials.append(mat)
    for b, (pos, vel, ang) in zip(O.bodies, scene['start']):
        b.material = mat
        b.state.pos, b.state.vel, b.state.angVel = pos, vel, ang
        b.state.ori = Quaternion.Identity
    for i in O.interactions.all():
        i.geom = None
        i.phys = None


def timed_run(a, scene, setup_s):
    interactions, collider = scene['interactions'], scene['collider']
    threads = int(a.get('threads', O.numThreads))
    if threads != a.get('threads', threads) or not 1 <= threads <= O.numThreads:
        raise ValueError('threads=%r must be a whole number from 1 to yade -j (%d)' % (a.get('threads'), O.numThreads))
    interactions.ompThreads = threads
    t1 = time.time()
    collider_before = collider.execTime  # a reused scene's collider has run before
    O.step()  # the collider's first sort (a fresh scene) and the contacts' physics: not timed
    first_step_s = time.time() - t1
    # The steps just after it still run slower (about 0.7 s more over them for 256 000 spheres on
    # 2 threads, against 0.23 s a step after): WARMUP_STEPS untimed steps, so that even a short
    # timed run measures the steady step.
    O.run(WARMUP_STEPS, True)
    contacts0 = O.interactions.countReal()
    pair0, collider0, iter0 = interactions.execTime, collider.execTime, O.iter
    t2 = time.time()
    O.run(int(a['steps']), True)
    loop_time_s = time.time() - t2
    pair_time_s = (interactions.execTime - pair0) * 1e-9  # execTime counts nanoseconds
    print('GRANDAMP_BENCH pair_time_s=%.9g loop_time_s=%.9g atoms=%d contacts0=%d contacts=%d steps=%d '
          'threads=%d setup_s=%.6g first_step_s=%.6g first_collider_s=%.6g collider_time_s=%.9g interactions=%d version=%s' % (
              pair_time_s, loop_time_s, len(O.bodies), contacts0, O.interactions.countReal(), O.iter - iter0,
              threads, setup_s, first_step_s, (collider0 - collider_before) * 1e-9, (collider.execTime - collider0) * 1e-9, len(O.interactions), version))


def gas_run(a, scene):
    """The gas's kinetic energy table: Yade's NewtonIntegrator is a leapfrog, so each row's
    velocities are half a step behind its positions (a shift of dt/2 in a curve that changes over
    thousands of steps)."""
    scene['interactions'].ompThreads = int(a.get('threads', O.numThreads))
    every = int(a['every'])
    if every != a['every'] or every < 1 or int(a['steps']) % every:
        raise ValueError('every=%r must be a whole number >= 1 that divides steps' % a['every'])

    def kinetic():
        return sum(0.5 * b.state.mass * b.state.vel.squaredNorm() for b in O.bodies)

    print('GRANDAMP_GAS version=%s' % version)
    print('Step ke')
    print('0 %.17g' % kinetic())
    for k in range(int(a['steps']) // every):
        O.run(every, True)
        print('%d %.17g' % ((k + 1) * every, kinetic()))


def main(argv):
    a = parse_args(argv)
    t0 = time.time()
    scene = new_scene(a, read_packing(a['data']))
    if 'every' in a:
        gas_run(a, scene)
    else:
        timed_run(a, scene, time.time() - t0)


def run_batch(path):
    """Several timing runs in one start of Yade (src/engines/batch.h): each line of path is a run's
    folder and its key=value arguments, tab-separated. The packing is read once; a run of the
    same law as the run before it (scene_key), at any thread count, reuses the loaded scene
    (reuse_scene), so the collider's first sweep (a minute for 256k spheres) is paid once per
    law, not once per run.
    Each run prints its line into FOLDER/yade.log, then creates FOLDER/done."""
    with open(path) as f:
        runs = [line.rstrip('\n').split('\t') for line in f if line.strip()]
    packings, scene = {}, None
    for run in runs:
        folder, argv = run[0], run[1:]
        saved = sys.stdout
        with open(os.path.join(folder, 'yade.log'), 'w') as out:
            sys.stdout = out
            try:
                a = parse_args(argv)
                t0 = time.time()
                if scene is not None and scene['key'] == scene_key(a):
                    reuse_scene(a, scene)
                else:
                    if a['data'] not in packings:
                        packings = {a['data']: read_packing(a['data'])}
                    scene = None  # a failed build leaves no scene to reuse
                    scene = new_scene(a, packings[a['data']])
                timed_run(a, scene, time.time() - t0)
            except Exception as exc:  # one line the adapter can quote, not a traceback
                print('GRANDAMP_ERROR %s: %s' % (type(exc).__name__, exc))
                scene = None  # a run that failed half-way leaves the scene in no known state
            finally:
                sys.stdout = saved
        open(os.path.join(folder, 'done'), 'w').close()


if len(sys.argv) == 2 and sys.argv[1].startswith('batch='):
    run_batch(sys.argv[1][len('batch='):])
else:
    try:
        main(sys.argv[1:])
    except Exception as exc:  # one line the adapter can quote, not a traceback
        print('GRANDAMP_ERROR %s: %s' % (type(exc).__name__, exc))
sys.exit(0)
