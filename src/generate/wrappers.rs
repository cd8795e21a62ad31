//! [`Generate`] for `Option`, `Result`, smart pointers, cells, tuples and arrays; and
//! [`GenerateIn`] for those that hold one kind of element.

use super::nesting::below_limit;
use super::{Generate, GenerateIn};
use crate::generator;
use rand::RngExt;
use std::cell::{Cell, RefCell};
use std::cmp::Reverse;
use std::marker::PhantomData;
use std::num::Wrapping;
use std::rc::Rc;
use std::sync::Arc;

impl<T: Generate> Generate for Option<T> {
    /// `Some` or `None`, even odds (`None` nested 8 derived types deep, so recursive types
    /// end); shrinks towards `None`.
    #[generator(crate = crate, name = "Option::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        if below_limit() && rng.random_bool(0.5) {
            Some(T::generate(rng))
        } else {
            None
        }
    }
}

impl<B, T: GenerateIn<B>> GenerateIn<B> for Option<T> {
    #[generator(crate = crate, name = "Option::generate")]
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
        if below_limit() && rng.random_bool(0.5) {
            Some(T::generate_in(rng, bounds))
        } else {
            None
        }
    }
}

impl<T: Generate, E: Generate> Generate for Result<T, E> {
    /// `Ok` or `Err`, even odds; shrinks towards `Ok`.
    #[generator(crate = crate, name = "Result::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        match rng.random_range(0..2) {
            0 => Ok(T::generate(rng)),
            _ => Err(E::generate(rng)),
        }
    }
}

macro_rules! wrapper {
    ($($w:ident),*) => {$(
        impl<T: Generate> Generate for $w<T> {
            /// The value it holds.
            #[generator(crate = crate, name = "wrapper::generate")]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                $w::new(T::generate(rng))
            }
        }
    )*};
}

wrapper!(Box, Rc, Arc, Cell, RefCell);

impl<B, T: GenerateIn<B>> GenerateIn<B> for Box<T> {
    #[generator(crate = crate, name = "wrapper::generate")]
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
        Box::new(T::generate_in(rng, bounds))
    }
}

impl<T: Generate> Generate for Wrapping<T> {
    /// The value it holds.
    #[generator(crate = crate, name = "wrapper::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        Wrapping(T::generate(rng))
    }
}

impl<T: Generate> Generate for Reverse<T> {
    /// The value it holds.
    #[generator(crate = crate, name = "wrapper::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        Reverse(T::generate(rng))
    }
}

impl<T: ?Sized> Generate for PhantomData<T> {
    /// Draws nothing. (A `#[generator]` all the same, as `()`'s.)
    #[generator(crate = crate, rng = _rng, name = "PhantomData::generate")]
    fn generate<R: rand::Rng + ?Sized>(_rng: &mut R) -> Self {
        PhantomData
    }
}

impl<T: Generate, const N: usize> Generate for [T; N] {
    /// `N` elements, in order.
    #[generator(crate = crate, name = "array::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        std::array::from_fn(|_| T::generate(rng))
    }
}

impl<B: Clone, T: GenerateIn<B>, const N: usize> GenerateIn<B> for [T; N] {
    #[generator(crate = crate, name = "array::generate")]
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
        std::array::from_fn(|_| T::generate_in(rng, bounds.clone()))
    }
}

macro_rules! tuples {
    ($(($($t:ident),+))*) => {$(
        impl<$($t: Generate),+> Generate for ($($t,)+) {
            /// Its parts, in order.
            #[generator(crate = crate, name = "tuple::generate")]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                ($($t::generate(rng),)+)
            }
        }
    )*};
}

tuples! {
    (A)
    (A, B)
    (A, B, C)
    (A, B, C, D)
    (A, B, C, D, E)
    (A, B, C, D, E, F)
    (A, B, C, D, E, F, G)
    (A, B, C, D, E, F, G, H)
    (A, B, C, D, E, F, G, H, I)
    (A, B, C, D, E, F, G, H, I, J)
    (A, B, C, D, E, F, G, H, I, J, K)
    (A, B, C, D, E, F, G, H, I, J, K, L)
}
