//! Origin: rayon-rs/rayon, `rayon-demo/src/nbody/nbody.rs`, `NBodyBenchmark::new`
//! (commit c4dac9f8), rand 0.10: the initial bodies of the n-body benchmark, drawn in an
//! iterator chain's closure inside an associated function.
//!
//! Port: the rng was already a parameter. cgmath's `Point3` and `Vector3` are replaced by
//! plain structs with the same fields; the simulation methods are left out.

use greduce::generator;
use rand::RngExt;
use std::f64::consts::PI;

const INITIAL_VELOCITY: f64 = 8.0; // set to 0.0 to turn off.

/// Stand-in for `cgmath::Point3<f64>`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Point3 {
    x: f64,
    y: f64,
    z: f64,
}

/// Stand-in for `cgmath::Vector3<f64>`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Vector3 {
    x: f64,
    y: f64,
    z: f64,
}

/// The benchmark's state: the time step and two copies of the bodies.
pub(crate) struct NBodyBenchmark {
    time: usize,
    bodies: (Vec<Body>, Vec<Body>),
}

/// A body.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Body {
    pub(crate) position: Point3,
    pub(crate) velocity: Vector3,
    pub(crate) velocity2: Vector3,
}

impl NBodyBenchmark {
    /// `num_bodies` bodies in a ball of radius 10 000, moving slowly, mostly along z.
    #[generator]
    pub(crate) fn new<R: RngExt>(num_bodies: usize, rng: &mut R) -> NBodyBenchmark {
        let bodies0: Vec<_> = (0..num_bodies)
            .map(|_| {
                let r = rng.random_range(0.0..10_000.0);
                let theta = rng.random_range(0.0..PI);
                let phi = rng.random_range(0.0..2.0 * PI);
                let position = Point3 {
                    x: r * theta.sin() * phi.cos(),
                    y: r * theta.sin() * phi.sin(),
                    z: r * theta.cos(),
                };

                let velocity = Vector3 {
                    x: rng.random_range(-0.5..0.5) * INITIAL_VELOCITY,
                    y: rng.random_range(-0.5..0.5) * INITIAL_VELOCITY,
                    z: rng.random::<f64>() * INITIAL_VELOCITY + 10.0,
                };

                let velocity2 = Vector3 {
                    x: rng.random_range(-0.5..0.5) * INITIAL_VELOCITY,
                    y: rng.random_range(-0.5..0.5) * INITIAL_VELOCITY,
                    z: rng.random::<f64>() * INITIAL_VELOCITY,
                };

                Body {
                    position,
                    velocity,
                    velocity2,
                }
            })
            .collect();

        let bodies1 = bodies0.clone();

        NBodyBenchmark {
            time: 0,
            bodies: (bodies0, bodies1),
        }
    }
}

impl std::fmt::Debug for NBodyBenchmark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NBodyBenchmark")
            .field("time", &self.time)
            .field("bodies", &self.bodies.0)
            .finish_non_exhaustive()
    }
}

/// Distance from the origin.
fn norm(p: Point3) -> f64 {
    (p.x * p.x + p.y * p.y + p.z * p.z).sqrt()
}

#[test]
fn a_body_outside_the_radius_ends_on_the_z_axis_at_it() {
    // Property: every body starts within distance 5000. Minimal: the first two bodies all
    // zeros (at the origin, velocity z = 10); the last at r = 5000 (the simplest float that
    // fails: |position| is r whatever the angles), angles 0, so at (0, 0, 5000).
    let zero = Vector3 {
        x: 0.0,
        y: 0.0,
        z: 0.0,
    };
    let still = Body {
        position: Point3 {
            x: 0.0,
            y: 0.0,
            z: 0.0,
        },
        velocity: Vector3 { z: 10.0, ..zero },
        velocity2: zero,
    };
    let far = Body {
        position: Point3 {
            x: 0.0,
            y: 0.0,
            z: 5000.0,
        },
        ..still
    };
    crate::assert_minimum(
        |rng| NBodyBenchmark::new(3, rng),
        |b: &NBodyBenchmark| b.bodies.0.iter().any(|b| norm(b.position) >= 5000.0),
        |b| b.bodies.0.clone(),
        &vec![still, still, far],
    );
}
