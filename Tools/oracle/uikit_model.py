"""UIKit Dynamics on top of Box2D 2.3 (pybox2d), the oracle scenerun is held against.

The mapping is physics.md's: 100 points per metre, screen axes (y down) scaled by 1/100, angles
as they are (positive = clockwise on screen), fixed sub-steps of Float(1/120) s with an
accumulator, forces cleared after the sub-steps of a tick, host default materials.

A scene is a plain dict (the same dict is written into the fixture, and the Swift differential
test builds the identical scene from it):

    {"name": str, "bounds": [x, y, w, h], "frameRate": 60, "ticks": N,
     "items": [{"id": int, "size": [w, h], "center": [x, y], "rotation": r,
                "shape": "ellipse" | [[x, y], ...] (a convex path about the centre, points); absent: the bounds rectangle,
                "group": [ids] (a UIDynamicItemGroup of items listed before it: one body with a fixture
                per item at its offset from the group's `center`, about which it turns)}],
     "behaviors": [ {kind: {...}} ]}    # added before the first tick, in order

Behaviour kinds: gravity {items, direction}; collision {items, mode, insets [t, l, b, r] | None,
boundaries [{id, points, closed}]}; attachment {item, offset, anchor | to + toOffset, length,
frequency, damping, kind: spring|limit|fixed|pin|sliding, axis, range, frictionTorque};
snap {item, point, damping}; push {items, mode, direction, offsets {id: [x, y]}};
item {items, elasticity, friction, density, resistance, angularResistance, allowsRotation,
anchored, charge, linearVelocity, angularVelocity}; field {kind, items, position, strength, falloff,
minimumRadius, direction, region: {radius} | {size: [w, h]}} (noise and turbulence are not
modelled here: their noise is scenerun's own, not UIKit's).
"""
import math
import numpy as np
import Box2D
from Box2D import (b2World, b2PolygonShape, b2CircleShape, b2ChainShape, b2EdgeShape, b2ContactFilter,
                   b2ContactListener, b2_staticBody, b2_dynamicBody)

PPM = 100.0
H = float(np.float32(1.0 / 120.0))
DEFAULTS = dict(elasticity=0.2, friction=0.2, density=1.0, resistance=0.1, angularResistance=0.1)


class Filter(b2ContactFilter):
    def __init__(self, animator):
        b2ContactFilter.__init__(self)
        self.animator = animator

    def ShouldCollide(self, fa, fb):
        return self.animator.fixtures_collide(fa, fb)


class Listener(b2ContactListener):
    def __init__(self, animator):
        b2ContactListener.__init__(self)
        self.animator = animator
        self.events = []
        self.awaiting = {}

    def key(self, c):
        return (c.fixtureA.userData, c.fixtureB.userData, c.childIndexA, c.childIndexB)

    def BeginContact(self, c):
        wm = c.worldManifold
        self.awaiting[self.key(c)] = len(self.events)
        self.events.append([True, c.fixtureA.userData, c.fixtureB.userData, tuple(wm.points[0]), -1.0])

    def EndContact(self, c):
        self.awaiting.pop(self.key(c), None)
        wm = c.worldManifold
        self.events.append([False, c.fixtureA.userData, c.fixtureB.userData, tuple(wm.points[0]), 0.0])

    def PostSolve(self, c, impulse):
        i = self.awaiting.pop(self.key(c), None)
        if i is None:
            return
        wm = c.worldManifold
        best, p = impulse.normalImpulses[0], wm.points[0]
        if len(impulse.normalImpulses) > 1 and impulse.normalImpulses[1] > best:
            best, p = impulse.normalImpulses[1], wm.points[1]
        self.events[i][3] = tuple(p)
        self.events[i][4] = best


class Animator:
    def __init__(self, bounds):
        self.bounds = bounds
        self.world = b2World(gravity=(0, 0), doSleep=True)
        self.world.autoClearForces = False
        self.ground = self.world.CreateStaticBody(position=(0, 0))
        self.filter = Filter(self)
        self.listener = Listener(self)
        self.world.contactFilter = self.filter
        self.world.contactListener = self.listener
        self.items = {}
        self.order = []
        self.installed = []
        self.acc = 0.0
        self.elapsed = 0.0
        self.running = False

    # items ---------------------------------------------------------------
    def register(self, iid, size, center, rotation=0.0, shape=None, group=None):
        self.items[iid] = dict(size=size, center=list(center), rotation=rotation, shape=shape, body=None, fixture=None,
                               group=group or [], carrier=None, frame=None)
        self.order.append(iid)

    def fixtures(self, iid):
        it = self.items[iid]
        if it['group']:
            return [self.items[m]['fixture'] for m in it['group'] if self.items[m]['fixture'] is not None]
        return [it['fixture']] if it['fixture'] is not None else []

    def named(self, iid):
        """The name behaviours use for an item: its group while the group carries it."""
        return self.items[iid]['carrier'] or iid

    def member_shape(self, it, offset, angle):
        """An item's shape at `offset` (points) and `angle` in its group's body, in metres."""
        s = 1 / PPM
        w, h = it['size']
        shape = it.get('shape')
        if shape is None:
            return b2PolygonShape(box=(0.5 * w * s, 0.5 * h * s, (s * offset[0], s * offset[1]), angle))
        if shape == 'ellipse' and w == h:
            return b2CircleShape(pos=(s * offset[0], s * offset[1]), radius=0.5 * w * s)
        c, sn = math.cos(angle), math.sin(angle)
        own = self.item_shape(it)
        pts = []
        for vx, vy in own.vertices:
            px, py = PPM * vx, PPM * vy
            pts.append((s * (offset[0] + (c * px - sn * py)), s * (offset[1] + (sn * px + c * py))))
        return b2PolygonShape(vertices=pts)

    def ensure_group_body(self, iid):
        g = self.items[iid]
        b = self.world.CreateDynamicBody(position=(g['center'][0] / PPM, g['center'][1] / PPM), angle=g['rotation'],
                                         linearDamping=DEFAULTS['resistance'], angularDamping=DEFAULTS['angularResistance'],
                                         gravityScale=0.0)
        c, s = math.cos(g['rotation']), math.sin(g['rotation'])
        for m in g['group']:
            it = self.items[m]
            dx, dy = it['center'][0] - g['center'][0], it['center'][1] - g['center'][1]
            offset = (c * dx + s * dy, -s * dx + c * dy)
            angle = it['rotation'] - g['rotation']
            f = b.CreateFixture(shape=self.member_shape(it, offset, angle), density=DEFAULTS['density'],
                                friction=DEFAULTS['friction'], restitution=DEFAULTS['elasticity'])
            f.userData = ('item', m)
            it['body'], it['fixture'], it['carrier'], it['frame'] = b, f, iid, (offset, angle)
        g['body'] = b

    def velocity(self, iid):
        """Velocity of the item's centre (pt/s): the body's, or for a group and its items the
        velocity of that point of the shared body."""
        it = self.items[iid]
        b = it['body']
        if b is None:
            return (0.0, 0.0)
        v = b.linearVelocity
        if not it['group'] and it['carrier'] is None:
            return (v[0] * PPM, v[1] * PPM)
        wc = b.worldCenter
        rx, ry = (1 / PPM) * it['center'][0] - wc[0], (1 / PPM) * it['center'][1] - wc[1]
        w = b.angularVelocity
        return (PPM * (v[0] + -w * ry), PPM * (v[1] + w * rx))

    @staticmethod
    def item_shape(it):
        """The item's collision shape in metres (physics.md: a box of its bounds, a circle for an
        ellipse with equal sides, an ellipse flattened to a polygon with segments of about 10 pt
        and at most 8 vertices, a convex path as its hull)."""
        w, h = it['size']
        shape = it.get('shape')
        if shape is None:
            return b2PolygonShape(box=(0.5 * w / PPM, 0.5 * h / PPM))
        if shape == 'ellipse':
            if w == h:
                return b2CircleShape(radius=0.5 * w / PPM)
            a, b = 0.5 * w, 0.5 * h
            perimeter = math.pi * (3 * (a + b) - math.sqrt((3 * a + b) * (a + 3 * b)))
            n = min(8, max(3, int(math.floor(perimeter / 10 + 0.5))))
            pts = [(a * math.cos(2 * math.pi * k / n) / PPM, b * math.sin(2 * math.pi * k / n) / PPM) for k in range(n)]
            return b2PolygonShape(vertices=pts)
        return b2PolygonShape(vertices=[(x / PPM, y / PPM) for x, y in shape])

    def ensure_body(self, iid):
        it = self.items[iid]
        if it['body'] is not None:
            return
        if it['group']:
            return self.ensure_group_body(iid)
        b = self.world.CreateDynamicBody(position=(it['center'][0] / PPM, it['center'][1] / PPM), angle=it['rotation'],
                                         linearDamping=DEFAULTS['resistance'], angularDamping=DEFAULTS['angularResistance'],
                                         gravityScale=0.0)
        f = b.CreateFixture(shape=self.item_shape(it), density=DEFAULTS['density'],
                            friction=DEFAULTS['friction'], restitution=DEFAULTS['elasticity'])
        f.userData = ('item', iid)
        it['body'], it['fixture'] = b, f

    def item_point(self, iid, offset):
        it = self.items[iid]
        c, s = math.cos(it['rotation']), math.sin(it['rotation'])
        return (it['center'][0] + c * offset[0] - s * offset[1], it['center'][1] + s * offset[0] + c * offset[1])

    # behaviours ----------------------------------------------------------
    def add(self, beh):
        kind, spec = next(iter(beh.items()))
        names = self.items_of(kind, spec)
        for i in names:
            self.ensure_body(i)
        inst = dict(kind=kind, spec=dict(spec), joints=[], boundary=None, id=len(self.installed) + 1)
        if kind == 'attachment':
            inst['joints'] = self.make_attachment(spec)
        elif kind == 'snap':
            inst['joints'] = self.make_snap(spec)
        elif kind == 'collision':
            body = self.world.CreateStaticBody(position=(0, 0))
            inst['boundary'] = body
            shapes = []
            if spec.get('insets') is not None:
                t, l, bo, r = spec['insets']
                x, y, w, h = self.bounds
                minx, miny, maxx, maxy = x + l, y + t, x + w - r, y + h - bo
                pts = [(minx - 1, miny - 1), (maxx + 1, miny - 1), (maxx + 1, maxy + 1), (minx - 1, maxy + 1)]
                shapes.append((b2ChainShape(vertices_loop=[(px / PPM, py / PPM) for px, py in pts]), None))
            for bnd in spec.get('boundaries', []):
                pts = [(px / PPM, py / PPM) for px, py in bnd['points']]
                if len(pts) == 2:
                    shapes.append((b2EdgeShape(vertices=pts), bnd['id']))
                elif bnd.get('closed'):
                    shapes.append((b2ChainShape(vertices_loop=pts), bnd['id']))
                else:
                    shapes.append((b2ChainShape(vertices_chain=pts), bnd['id']))
            for shape, ident in shapes:
                f = body.CreateFixture(shape=shape, friction=DEFAULTS['friction'], restitution=DEFAULTS['elasticity'])
                f.userData = ('boundary', inst['id'], ident)
        elif kind == 'item':
            for i in spec['items']:
                b = self.items[i]['body']
                v = spec.get('linearVelocity', [0, 0])
                if v != [0, 0]:
                    b.linearVelocity = (b.linearVelocity[0] + v[0] / PPM, b.linearVelocity[1] + v[1] / PPM)
                w = spec.get('angularVelocity', 0)
                if w:
                    b.angularVelocity = b.angularVelocity + w
        if kind == 'push':
            inst['spec']['active'] = True
        self.installed.append(inst)
        self.apply_gravity_and_flags()
        self.apply_materials()
        for i in names:
            self.items[i]['body'].awake = True
        self.running = True

    @staticmethod
    def items_of(kind, spec):
        if kind in ('attachment', 'snap'):
            out = [spec['item']]
            if spec.get('to') is not None:
                out.append(spec['to'])
            return out
        return list(spec['items'])

    def apply_gravity_and_flags(self):
        for iid in self.order:
            b = self.items[iid]['body']
            if b is None or self.items[iid]['carrier'] is not None:
                continue
            grav = any(inst['kind'] == 'gravity' and iid in inst['spec']['items'] for inst in self.installed)
            push = any(inst['kind'] == 'push' and iid in inst['spec']['items'] for inst in self.installed)
            b.gravityScale = 1.0 if grav else 0.0
            b.bullet = grav or push
        for inst in self.installed:
            if inst['kind'] == 'gravity':
                d = inst['spec'].get('direction', [0, 1])
                self.world.gravity = (10 * d[0], 10 * d[1])

    def apply_materials(self):
        for iid in self.order:
            it = self.items[iid]
            b, fs = it['body'], self.fixtures(iid)
            if b is None or it['carrier'] is not None or not fs:
                continue
            m = dict(DEFAULTS)
            m['allowsRotation'] = True
            m['anchored'] = False
            for inst in self.installed:
                if inst['kind'] == 'item' and iid in inst['spec']['items']:
                    for k in ('elasticity', 'friction', 'density', 'resistance', 'angularResistance', 'allowsRotation', 'anchored'):
                        if k in inst['spec']:
                            m[k] = inst['spec'][k]
            for f in fs:
                f.restitution = m['elasticity']
                f.friction = m['friction']
            b.linearDamping = m['resistance']
            b.angularDamping = m['angularResistance']
            want = b2_staticBody if m['anchored'] else b2_dynamicBody
            if b.type != want:
                b.type = want
            if any(f.density != m['density'] for f in fs):
                for f in fs:
                    f.density = m['density']
                b.ResetMassData()
            if b.fixedRotation != (not m['allowsRotation']):
                b.fixedRotation = not m['allowsRotation']

    def make_attachment(self, a):
        body = self.items[a['item']]['body']
        offset = a.get('offset', [0, 0])
        if a.get('to') is not None:
            other = self.items[a['to']]['body']
            ooff = a.get('toOffset', [0, 0])
            bodyA, localA = other, (ooff[0] / PPM, ooff[1] / PPM)
            worldA = self.item_point(a['to'], ooff)
        else:
            bodyA, localA = self.ground, (a['anchor'][0] / PPM, a['anchor'][1] / PPM)
            worldA = tuple(a['anchor'])
        worldB = self.item_point(a['item'], offset)
        localB = (offset[0] / PPM, offset[1] / PPM)
        dist = math.hypot(worldA[0] - worldB[0], worldA[1] - worldB[1])
        length = a.get('length')
        if length is None:
            length = dist
        kind = a.get('kind', 'spring')
        freq, damp = a.get('frequency', 0.0), a.get('damping', 0.0)
        w = self.world
        if kind == 'spring':
            if a.get('to') is None and dist < 1 and freq == 0 and a.get('length') is None:
                return [w.CreateRevoluteJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB,
                                              referenceAngle=body.angle - bodyA.angle, collideConnected=True)]
            return [w.CreateDistanceJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB, length=length / PPM,
                                          frequencyHz=freq, dampingRatio=damp, collideConnected=True)]
        if kind == 'limit':
            return [w.CreateRopeJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB, maxLength=length / PPM,
                                      collideConnected=True)]
        if kind == 'fixed':
            return [w.CreateWeldJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB,
                                      referenceAngle=body.angle - bodyA.angle, frequencyHz=freq, dampingRatio=damp,
                                      collideConnected=True)]
        if kind == 'pin':
            rng = a.get('range')
            kw = {}
            if rng is not None:
                kw.update(enableLimit=True, lowerAngle=rng[0], upperAngle=rng[1])
            if a.get('frictionTorque', 0) > 0:
                kw.update(enableMotor=True, motorSpeed=0.0, maxMotorTorque=a['frictionTorque'])
            return [w.CreateRevoluteJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB,
                                          referenceAngle=body.angle - bodyA.angle, collideConnected=True, **kw)]
        if kind == 'sliding':
            rng = a.get('range')
            kw = {}
            if rng is not None:
                kw.update(enableLimit=True, lowerTranslation=rng[0] / PPM, upperTranslation=rng[1] / PPM)
            ax = a['axis']
            n = math.hypot(ax[0], ax[1])
            return [w.CreatePrismaticJoint(bodyA=bodyA, bodyB=body, localAnchorA=localA, localAnchorB=localB,
                                           localAxisA=(ax[0] / n, ax[1] / n), referenceAngle=body.angle - bodyA.angle,
                                           collideConnected=True, **kw)]
        raise ValueError(kind)

    def make_snap(self, s):
        body = self.items[s['item']]['body']
        hw, hh = 0.5 * self.items[s['item']]['size'][0], 0.5 * self.items[s['item']]['size'][1]
        out = []
        for cx, cy in ((-1, -1), (1, 1)):
            local = (cx * hw, cy * hh)
            tx, ty = s['point'][0] + local[0], s['point'][1] + local[1]
            for ax, ay in ((tx + cx * 50, ty), (tx, ty + cy * 50)):
                out.append(self.world.CreateDistanceJoint(bodyA=self.ground, bodyB=body, localAnchorA=(ax / PPM, ay / PPM),
                                                          localAnchorB=(local[0] / PPM, local[1] / PPM), length=0.5,
                                                          frequencyHz=4.0, dampingRatio=s.get('damping', 0.5),
                                                          collideConnected=True))
        return out

    def fixtures_collide(self, fa, fb):
        oa, ob = fa.userData, fb.userData
        if oa is None or ob is None:
            return False
        if oa[0] == 'item' and ob[0] == 'item':
            x, y = self.named(oa[1]), self.named(ob[1])
            return any(inst['kind'] == 'collision' and inst['spec'].get('mode', 'everything') != 'boundaries'
                       and x in inst['spec']['items'] and y in inst['spec']['items'] for inst in self.installed)
        if oa[0] == 'boundary':
            oa, ob = ob, oa
        if oa[0] == 'item' and ob[0] == 'boundary':
            for inst in self.installed:
                if inst['id'] == ob[1]:
                    return inst['spec'].get('mode', 'everything') != 'items' and self.named(oa[1]) in inst['spec']['items']
        return False

    # fields ---------------------------------------------------------------
    FALLOFF = dict(radialGravity=2.0, spring=-1.0)

    @staticmethod
    def in_region(region, rx, ry):
        if region is None:
            return True
        if 'radius' in region:
            return rx * rx + ry * ry <= region['radius'] ** 2
        w, h = region['size']
        return abs(rx) < 0.5 * w and abs(ry) < 0.5 * h

    def field_forces(self):
        out = []
        for inst in self.installed:
            if inst['kind'] != 'field':
                continue
            f = inst['spec']
            kind = f['kind']
            pos = f.get('position', [0, 0])
            s = f.get('strength', 1.0)
            falloff = f.get('falloff', self.FALLOFF.get(kind, 0.0))
            minr = f.get('minimumRadius', 0.0) / PPM
            d = f.get('direction', [0, 1] if kind == 'linearGravity' else [0, 0])
            for iid in f['items']:
                b = self.items[iid]['body']
                cx, cy = b.position[0] * PPM, b.position[1] * PPM
                rx, ry = cx - pos[0], cy - pos[1]
                if not self.in_region(f.get('region'), rx, ry):
                    continue
                px, py = rx / PPM, ry / PPM
                r = math.hypot(px, py)
                ux, uy = (px / r, py / r) if r > 0 else (0.0, 0.0)
                fall = 1.0 if falloff == 0 else max(r, minr) ** (-falloff)
                m = b.mass
                v = b.linearVelocity
                q = self.charge(iid)
                if kind == 'linearGravity':
                    F = (s * m * d[0], s * m * d[1])
                elif kind == 'radialGravity':
                    F = (-s * m * fall * ux, -s * m * fall * uy)
                elif kind == 'spring':
                    F = (-s * fall * ux, -s * fall * uy)
                elif kind == 'electric':
                    F = (s * q * fall * ux, s * q * fall * uy)
                elif kind == 'magnetic':
                    F = (s * fall * v[1], -s * fall * v[0])
                elif kind == 'vortex':
                    F = (s * fall / m * -uy, s * fall / m * ux) if m > 0 else (0.0, 0.0)
                elif kind == 'drag':
                    ux2, uy2 = v[0] - d[0], v[1] - d[1]
                    n = math.hypot(ux2, uy2)
                    F = (-s * n * fall * ux2, -s * n * fall * uy2)
                elif kind == 'velocity':
                    b.linearVelocity = (d[0], d[1])
                    continue
                else:
                    raise ValueError(kind)
                out.append((b, F))
        return out

    def charge(self, iid):
        q = 0.0
        for inst in self.installed:
            if inst['kind'] == 'item' and iid in inst['spec']['items'] and 'charge' in inst['spec']:
                q = inst['spec']['charge']
        return q

    # the tick ------------------------------------------------------------
    def tick(self, dt):
        if not self.running:
            return []
        self.elapsed += dt
        for inst in self.installed:
            if inst['kind'] != 'push' or not inst['spec']['active']:
                continue
            spec = inst['spec']
            d = spec['direction']
            for iid in spec['items']:
                b = self.items[iid]['body']
                off = spec.get('offsets', {}).get(str(iid), [0, 0])
                point = (b.worldCenter[0] + off[0] / PPM, b.worldCenter[1] + off[1] / PPM)
                if spec['mode'] == 'continuous':
                    if off == [0, 0]:
                        b.ApplyForceToCenter((d[0], d[1]), True)
                    else:
                        b.ApplyForce((d[0], d[1]), point, True)
                else:
                    b.ApplyLinearImpulse((d[0], d[1]), point, True)
            if spec['mode'] == 'instantaneous':
                spec['active'] = False
        self.listener.events = []
        self.listener.awaiting = {}
        self.acc += dt
        while self.acc >= H:
            forces = self.field_forces()
            for b, F in forces:
                b.ApplyForceToCenter(F, True)
            self.world.Step(H, 8, 3)
            for b, F in forces:      # a field's force lasts one sub-step
                b.ApplyForceToCenter((-F[0], -F[1]), False)
            self.acc -= H
        self.world.ClearForces()
        for iid in self.order:
            it = self.items[iid]
            b = it['body']
            if b is not None and it['frame'] is not None:   # an item of a group: its frame on the body
                (ox, oy), angle = it['frame']
                c, s = math.cos(b.angle), math.sin(b.angle)
                it['center'] = [b.position[0] * PPM + (c * ox - s * oy), b.position[1] * PPM + (s * ox + c * oy)]
                it['rotation'] = b.angle + angle
            elif b is not None:
                it['center'] = [b.position[0] * PPM, b.position[1] * PPM]
                it['rotation'] = b.angle
        events = []
        for began, ua, ub, p, _ in self.listener.events:
            if ua is None or ub is None:
                continue
            its = [u[1] for u in (ua, ub) if u[0] == 'item']
            bnd = [u[2] for u in (ua, ub) if u[0] == 'boundary']
            events.append(dict(began=began, point=[p[0] * PPM, p[1] * PPM], items=its, boundary=bnd[0] if bnd else None))
        events.sort(key=lambda e: not e['began'])
        awake = any(self.items[i]['body'] is not None and self.items[i]['body'].type == b2_dynamicBody
                    and self.items[i]['body'].awake for i in self.order)
        if not self.installed or not awake:
            self.running = False
        return events


def run(scene, nudge=None):
    """Runs a scene; returns its rows (one per tick) and contact events. `nudge` = (item id, dx, dy)
    moves that item's start by (dx, dy) points: generate.py measures the oracle's own spread so."""
    an = Animator(scene['bounds'])
    for it in scene['items']:
        c = list(it['center'])
        if nudge is not None and nudge[0] == it['id']:
            c = [c[0] + nudge[1], c[1] + nudge[2]]
        an.register(it['id'], it['size'], c, it.get('rotation', 0.0), it.get('shape'), it.get('group'))
    for beh in scene['behaviors']:
        an.add(beh)
    dt = 1.0 / scene.get('frameRate', 60)
    rows, events = [], []
    for k in range(scene['ticks']):
        ev = an.tick(dt)
        row = [an.elapsed]
        for it in scene['items']:
            st = an.items[it['id']]
            b = st['body']
            v = an.velocity(it['id'])
            w = b.angularVelocity if b is not None else 0.0
            row += [st['center'][0], st['center'][1], st['rotation'], v[0], v[1], w]
        row.append(1 if an.running else 0)
        rows.append(row)
        for e in ev:
            e['tick'] = k + 1
            events.append(e)
    return rows, events
