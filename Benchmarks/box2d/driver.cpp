// The C++ side of Benchmarks/run: Box2D 2.3.2 (from the pybox2d sdist, compiled next to this file
// at -O3 -DNDEBUG) on the same scenes as Benchmarks/Sources/EngineBench/Scenes.swift, with the
// UIKit mapping of Sources/UIDynamics: 100 pt per metre, sub-step h = Float(1/120), 8 velocity and
// 3 position iterations, gravity 10 m/s² times the direction, density 1, friction 0.2,
// restitution 0.2, damping 0.1, reference bounds as a closed chain 1 pt outside the bounds.
//
// Usage: box2d-bench SCENE STEPS WARMUP
// Prints one line: scene, median ns per step, allocations per step after warm-up, total ns, the
// CPU time of all steps in ns, and the state hash (the hashing's time and allocations excluded):
// the world's state hashed after each eighth of the steps, so that a driver doing other work (a
// step short, a step more) cannot end with the same hash even when the scene ends asleep.
// BOX2D_BENCH_SKIP_STEP=k skips step k: the benchmark's self-check (Benchmarks/run selfcheck)
// uses it as a stand-in that must be told apart whenever the skipped step would have changed
// anything.
#include <Box2D/Box2D.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

extern "C" unsigned long long malloc_counter_count(void);

static const float S = 0.01f;  // metres per point

static b2World *makeWorld(float gx, float gy) { return new b2World(b2Vec2(gx, gy)); }

static void referenceBounds(b2World *w, float width, float height) {
    b2BodyDef bd;
    b2Body *b = w->CreateBody(&bd);
    b2Vec2 pts[4] = {b2Vec2(-1 * S, -1 * S), b2Vec2((width + 1) * S, -1 * S),
                     b2Vec2((width + 1) * S, (height + 1) * S), b2Vec2(-1 * S, (height + 1) * S)};
    b2ChainShape chain;
    chain.CreateLoop(pts, 4);
    b2FixtureDef fd;
    fd.shape = &chain;
    fd.friction = 0.2f;
    fd.restitution = 0.2f;
    b->CreateFixture(&fd);
}

static b2Body *item(b2World *w, float cx, float cy, float wpt, float hpt, float angle, bool gravity, bool bullet) {
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position.Set(cx * S, cy * S);
    bd.angle = angle;
    bd.linearDamping = 0.1f;
    bd.angularDamping = 0.1f;
    bd.gravityScale = gravity ? 1.0f : 0.0f;
    bd.bullet = bullet;
    b2Body *b = w->CreateBody(&bd);
    b2PolygonShape box;
    box.SetAsBox(0.5f * wpt * S, 0.5f * hpt * S);
    b2FixtureDef fd;
    fd.shape = &box;
    fd.density = 1.0f;
    fd.friction = 0.2f;
    fd.restitution = 0.2f;
    b->CreateFixture(&fd);
    return b;
}

static b2World *build(const std::string &scene) {
    if (scene == "spring") {
        // One 50×50 item held by a 2 Hz spring (damping 0.3) to an anchor 150 pt away, rest length 50 pt.
        b2World *w = makeWorld(0, 0);
        b2BodyDef gd;
        b2Body *ground = w->CreateBody(&gd);
        b2Body *b = item(w, 250, 100, 50, 50, 0, false, false);
        b2DistanceJointDef jd;
        jd.bodyA = ground;
        jd.bodyB = b;
        jd.localAnchorA.Set(100 * S, 100 * S);
        jd.localAnchorB.Set(0, 0);
        jd.length = 50 * S;
        jd.frequencyHz = 2;
        jd.dampingRatio = 0.3f;
        jd.collideConnected = true;
        w->CreateJoint(&jd);
        return w;
    }
    if (scene == "shade") {
        // A 380×300 shade falls under gravity onto the bottom of 390×844 reference bounds.
        b2World *w = makeWorld(0, 10);
        item(w, 195, 150, 380, 300, 0, true, true);
        referenceBounds(w, 390, 844);
        return w;
    }
    if (scene == "shade-wide") {
        // The sweep's shade: as wide as its 375 pt bounds, its sides 1 pt from the walls, sliding down.
        b2World *w = makeWorld(0, 10);
        item(w, 187.5f, 200, 375, 300, 0, true, true);
        referenceBounds(w, 375, 667);
        return w;
    }
    if (scene == "shade-wide-thrown") {
        // The same after the sweep's release: fixed rotation, restitution 0.6, thrown down at 4000 pt/s.
        b2World *w = makeWorld(0, 10);
        b2BodyDef bd;
        bd.type = b2_dynamicBody;
        bd.position.Set(187.5f * S, 200 * S);
        bd.linearDamping = 0.1f;
        bd.angularDamping = 0.1f;
        bd.bullet = true;
        bd.fixedRotation = true;
        bd.linearVelocity.Set(0, 4000 * S);
        b2Body *b = w->CreateBody(&bd);
        b2PolygonShape box;
        box.SetAsBox(0.5f * 375 * S, 0.5f * 300 * S);
        b2FixtureDef fd;
        fd.shape = &box;
        fd.density = 1.0f;
        fd.friction = 0.2f;
        fd.restitution = 0.6f;
        b->CreateFixture(&fd);
        referenceBounds(w, 375, 667);
        return w;
    }
    if (scene == "rain-100") {
        // 100 20×20 boxes in a 10×10 grid at the top of 390×844 bounds, falling.
        b2World *w = makeWorld(0, 10);
        for (int i = 0; i < 100; i++)
            item(w, 30 + 35 * (i % 10), 20 + 30 * (i / 10), 20, 20, 0.1f * (i % 5), true, false);
        referenceBounds(w, 390, 844);
        return w;
    }
    if (scene.rfind("pile-", 0) == 0) {
        // N 20×20 boxes stacked 20 to a row (21 pt apart, odd rows shifted 5 pt) on the bottom of
        // bounds 440 pt wide and tall enough for them.
        int n = std::atoi(scene.c_str() + 5);
        int rows = (n + 19) / 20;
        float height = std::max(844.0f, rows * 21.0f + 100.0f);
        b2World *w = makeWorld(0, 10);
        for (int i = 0; i < n; i++) {
            int row = i / 20, col = i % 20;
            item(w, 20 + 10 + col * 21 + (row % 2) * 5, height - 11 - row * 21, 20, 20, 0, true, false);
        }
        referenceBounds(w, 440, height);
        return w;
    }
    if (scene == "overlap-500" || scene == "overlap-500-bullets") {
        // 500 20×20 items on a 25×20 grid 15 pt apart (each overlaps its eight neighbours by 5 pt)
        // at the top of 390×844 bounds, under gravity (UIKit makes gravity items bullets).
        bool bullets = scene == "overlap-500-bullets";
        b2World *w = makeWorld(0, 10);
        for (int i = 0; i < 500; i++) item(w, 15 + 15 * (i % 25), 15 + 15 * (i / 25), 20, 20, 0, true, bullets);
        referenceBounds(w, 390, 844);
        return w;
    }
    std::fprintf(stderr, "unknown scene %s\n", scene.c_str());
    std::exit(2);
}

static long long nowNs() {
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// CPU time of this thread: on a loaded machine wall time includes time spent descheduled.
static long long cpuNs() {
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// FNV-1a over every body's position, angle and velocities (float32 bits), in creation order,
// continuing from `state`.
static unsigned long long hashWorld(b2World *w, unsigned long long state) {
    std::vector<b2Body *> bodies;
    for (b2Body *b = w->GetBodyList(); b; b = b->GetNext()) bodies.push_back(b);
    std::reverse(bodies.begin(), bodies.end());  // the list is newest first
    for (b2Body *b : bodies) {
        float v[6] = {b->GetPosition().x, b->GetPosition().y, b->GetAngle(),
                      b->GetLinearVelocity().x, b->GetLinearVelocity().y, b->GetAngularVelocity()};
        for (float x : v) {
            unsigned int u;
            std::memcpy(&u, &x, 4);
            for (int k = 0; k < 4; k++) { state ^= (u >> (8 * k)) & 0xff; state *= 1099511628211ULL; }
        }
    }
    return state;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: %s SCENE STEPS WARMUP\n", argv[0]);
        return 2;
    }
    std::string scene = argv[1];
    int steps = std::atoi(argv[2]), warmup = std::atoi(argv[3]);
    const char *skipEnv = std::getenv("BOX2D_BENCH_SKIP_STEP");
    int skip = skipEnv ? std::atoi(skipEnv) : -1;
    b2World *w = build(scene);
    const float h = 1.0f / 120.0f;
    std::vector<long long> times;
    times.reserve(steps);
    unsigned long long allocs0 = 0;
    long long total = 0, hashing = 0;
    unsigned long long hashAllocs = 0;
    unsigned long long state = 1469598103934665603ULL;
    long long cpu0 = cpuNs();
    for (int i = 0; i < steps; i++) {
        if (i == warmup) allocs0 = malloc_counter_count();
        long long t0 = nowNs();
        if (i != skip) w->Step(h, 8, 3);
        long long dt = nowNs() - t0;
        total += dt;
        times.push_back(dt);
        // The state after each eighth of the steps (and after the last), outside the CPU time.
        if ((i + 1) % std::max(1, steps / 8) == 0 || i + 1 == steps) {
            long long c0 = cpuNs();
            unsigned long long a0 = malloc_counter_count();
            state = hashWorld(w, state);
            if (i >= warmup) hashAllocs += malloc_counter_count() - a0;
            hashing += cpuNs() - c0;
        }
    }
    long long cpu = cpuNs() - cpu0 - hashing;
    unsigned long long allocs = malloc_counter_count() - allocs0 - hashAllocs;
    std::sort(times.begin(), times.end());
    long long median = times[times.size() / 2];
    std::printf("%s %lld %.4f %lld %lld %016llx\n", scene.c_str(), median, double(allocs) / double(steps - warmup), total, cpu, state);
    return 0;
}
