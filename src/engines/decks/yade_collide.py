# yade_collide.py - one collision inside Yade, for grandamp's engine layer: frictionless and
# head-on, or (law mindlin with mu=) oblique with friction and spin in the x-y plane.
#
#   yade -n -x yade_collide.py law=LAW R1=.. R2=.. rho=.. v0=.. dt=.. t_run=.. [law parameters]
#        [mu=.. vt=.. w1=.. w2=..] [rho2=..]
#   yade -n -x yade_collide.py batch=FILE   several collisions, one per line (run_batch below)
#
# LAW and its parameters (grandamp's model -> Yade's, see src/engines/yade.c):
#   mindlin     young= poisson= [en=]  FrictMat + Ip2_FrictMat_FrictMat_MindlinPhys(en)
#                                      + Law2_ScGeom_MindlinPhys_Mindlin (no en: undamped Hertz)
#   viscel_kc   kn= cn=                ViscElMat(kn, cn) per body: the contact takes their
#                                      harmonic mean, so the caller passes twice the contact value
#   viscel_tc   tc= en=                ViscElMat(tc, en): Yade derives kn and cn itself
# R2=inf puts a flat wall (utils.wall) in place of the second sphere, on the sphere's right.
# mu: friction coefficient (frictionAngle atan(mu)); vt: tangential relative speed v1 - v2 along y;
# w1, w2: spins about z; rho2: the second sphere's density (default rho).
#
# Prints one line, every number with 17 significant digits:
#   GRANDAMP_RESULT e=.. t_c=.. t_force=.. ke_in=.. ke_out=.. betan=.. overlap_max=.. steps=.. [vt=.. w1=.. w2=..] version=..
# or GRANDAMP_ERROR <why>. e is minus the relative normal velocity after over before; t_c counts
# the steps the interaction holds an overlap, t_force those with a non-zero normal force (they
# differ where the law clamps the force at zero); ke_* are the kinetic energies of the relative
# motion, (1/2) meff u^2; betan is the damping ratio Yade's Mindlin law derived from en (nan for
# the other laws); overlap_max the deepest overlap [m]; with mu, vt is v1 - v2 along y after and
# w1, w2 the spins after. A collision in which the bodies pass
# through each other (the centres cross when the law is too soft for v0) is an error.
import math
import os
import sys

from yade import utils


def parse_args(argv):
    args = {}
    for item in argv:
        key, sep, value = item.partition('=')
        if not sep:
            raise ValueError('argument %r is not key=value' % item)
        args[key] = value if key == 'law' else float(value)
    for key in ('law', 'R1', 'R2', 'rho', 'v0', 'dt', 't_run'):
        if key not in args:
            raise ValueError('missing argument %s' % key)
    return args


def material(a, rho):
    law = a['law']
    if law == 'mindlin':
        friction = math.atan(a['mu']) if 'mu' in a else 0.0
        return FrictMat(young=a['young'], poisson=a['poisson'], density=rho, frictionAngle=friction)
    if law == 'viscel_kc':
        return ViscElMat(kn=a['kn'], cn=a['cn'], ks=0.0, cs=0.0, density=rho, frictionAngle=0.0)
    if law == 'viscel_tc':
        # et = 1: no tangential damping; the collision is head-on and frictionless anyway.
        return ViscElMat(tc=a['tc'], en=a['en'], et=1.0, density=rho, frictionAngle=0.0)
    raise ValueError('unknown law %r' % law)


def physics_and_law(a):
    if a['law'] == 'mindlin':
        ip = Ip2_FrictMat_FrictMat_MindlinPhys(en=a['en']) if 'en' in a else Ip2_FrictMat_FrictMat_MindlinPhys()
        if 'mu' in a:  # the shear force as Mindlin's, as Yade's own Chung & Ooi scripts run it
            return ip, Law2_ScGeom_MindlinPhys_Mindlin(preventGranularRatcheting=False)
        return ip, Law2_ScGeom_MindlinPhys_Mindlin()
    return Ip2_ViscElMat_ViscElMat_ViscElPhys(), Law2_ScGeom_ViscElPhys_Basic()


def main(argv):
    a = parse_args(argv)
    wall = math.isinf(a['R2'])
    mat1 = O.materials.append(material(a, a['rho']))
    mat2 = O.materials.append(material(a, a['rho2'])) if 'rho2' in a else mat1
    dt, v0, R1, R2 = a['dt'], a['v0'], a['R1'], a['R2']
    vt, w1, w2 = a.get('vt', 0.0), a.get('w1', 0.0), a.get('w2', 0.0)
    # The surfaces start 1.25 steps of approach apart: contact begins inside the second step.
    gap = 1.25 * v0 * dt
    if wall:
        s1 = utils.sphere((-R1 - gap, 0, 0), R1, material=mat1)
        s2 = utils.wall(0.0, axis=0, material=mat1)
    else:
        s1 = utils.sphere((-R1 - 0.5 * gap, 0, 0), R1, material=mat1)
        s2 = utils.sphere((R2 + 0.5 * gap, 0, 0), R2, material=mat2)
    O.bodies.append(s1)
    O.bodies.append(s2)
    m1 = s1.state.mass
    s1.state.angVel = (0, 0, w1)
    if wall:
        meff = m1
        s1.state.vel = (v0, vt, 0)
    else:
        m2 = s2.state.mass
        meff = m1 * m2 / (m1 + m2)
        # Centre-of-mass frame: the relative speed is v0 (and vt across), and an oblique pair
        # meets with its centres along x (offset in y by the 1.25 steps of flight).
        s1.state.vel = (v0 * m2 / (m1 + m2), vt * m2 / (m1 + m2), 0)
        s2.state.vel = (-v0 * m1 / (m1 + m2), -vt * m1 / (m1 + m2), 0)
        s1.state.pos = s1.state.pos - Vector3(0, s1.state.vel[1] * 1.25 * dt, 0)
        s2.state.pos = s2.state.pos - Vector3(0, s2.state.vel[1] * 1.25 * dt, 0)
        s2.state.angVel = (0, 0, w2)
    ip, law = physics_and_law(a)
    O.engines = [
        ForceResetter(),
        InsertionSortCollider([Bo1_Sphere_Aabb(), Bo1_Wall_Aabb()]),
        InteractionLoop([Ig2_Sphere_Sphere_ScGeom(), Ig2_Wall_Sphere_ScGeom()], [ip], [law]),
        # No numerical (non-viscous) damping and no gravity: only the contact law dissipates.
        NewtonIntegrator(damping=0.0, gravity=(0, 0, 0)),
    ]
    O.dt = dt

    def relative_speed():
        return O.bodies[0].state.vel[0] - O.bodies[1].state.vel[0]

    def centre_gap():  # along x: its sign flips only when the centres (or a centre and the wall) cross
        return O.bodies[1].state.pos[0] - O.bodies[0].state.pos[0]

    u_in = relative_speed()
    gap_in = centre_gap()
    steps = int(math.ceil(a['t_run'] / dt))
    contact_steps = force_steps = 0
    betan = float('nan')
    overlap_max = 0.0
    touched = separated = False
    for _ in range(steps):
        O.step()
        i = O.interactions[0, 1] if O.interactions.has(0, 1) else None
        overlap = i is not None and i.isReal and i.geom.penetrationDepth > 0
        if overlap:
            if not touched and a['law'] == 'mindlin':
                betan = i.phys.betan
            touched = True
            overlap_max = max(overlap_max, i.geom.penetrationDepth)
            contact_steps += 1
            if i.phys.normalForce.norm() > 0:
                force_steps += 1
        elif touched:
            separated = True
            break
    if not touched:
        print('GRANDAMP_ERROR the bodies never touched in t_run = %.17g s' % a['t_run'])
        return
    if not separated:
        print('GRANDAMP_ERROR the bodies did not separate in t_run = %.17g s' % a['t_run'])
        return
    u_out = relative_speed()
    # A contact law too soft for v0: the centres crossed, the normal flipped. (Not the sign of
    # u_out: at grazing incidence an oblique pair's line of centres turns, and its speed along x
    # may keep the sign it came in with while the pair separates.)
    if centre_gap() * gap_in <= 0:
        print('GRANDAMP_ERROR the bodies passed through each other (largest overlap %.3g of R1)' % (overlap_max / R1))
        return
    oblique = ''
    if 'mu' in a:
        b1, b2 = O.bodies[0].state, O.bodies[1].state
        oblique = ' vt=%.17g w1=%.17g w2=%.17g' % (b1.vel[1] - (0.0 if wall else b2.vel[1]), b1.angVel[2],
                                                    0.0 if wall else b2.angVel[2])
    print('GRANDAMP_RESULT e=%.17g t_c=%.17g t_force=%.17g ke_in=%.17g ke_out=%.17g betan=%.17g overlap_max=%.17g steps=%d%s version=%s' % (
        -u_out / u_in, contact_steps * dt, force_steps * dt, 0.5 * meff * u_in * u_in,
        0.5 * meff * u_out * u_out, betan, overlap_max, O.iter, oblique, version))


def run_case(argv):
    try:
        main(argv)
    except Exception as exc:  # one line the adapter can quote, not a traceback
        print('GRANDAMP_ERROR %s: %s' % (type(exc).__name__, exc))


def run_batch(path):
    """Several collisions in one start of Yade (src/engines/batch.h): each line of path is a case's
    folder and its key=value arguments, tab-separated. Each case runs in a fresh scene
    (O.reset()), prints its lines into FOLDER/yade.log and then creates FOLDER/done."""
    with open(path) as f:
        cases = [line.rstrip('\n').split('\t') for line in f if line.strip()]
    for case in cases:
        folder, argv = case[0], case[1:]
        O.reset()
        saved = sys.stdout
        with open(os.path.join(folder, 'yade.log'), 'w') as out:
            sys.stdout = out
            try:
                run_case(argv)
            finally:
                sys.stdout = saved
        open(os.path.join(folder, 'done'), 'w').close()


if len(sys.argv) == 2 and sys.argv[1].startswith('batch='):
    run_batch(sys.argv[1][len('batch='):])
else:
    run_case(sys.argv[1:])
sys.exit(0)
