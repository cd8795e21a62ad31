//! [`Generate`], [`GenerateLen`], [`GenerateIn`] and [`GenerateLenIn`] for the standard
//! collections and `String`: a reducible loop of elements, so shrinking removes elements.

use super::{Generate, GenerateIn, GenerateLen, GenerateLenIn, Len, default_len};
use crate::generator;
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

/// The four impls of a collection of `T`s (`[..]`: more generic parameters, a hasher's),
/// each a loop that adds one element an iteration.
macro_rules! sequence {
    ($c:ident<T $(, $p:ident)?>, $add:ident, $name:literal, [$($generics:tt)*], $($bound:tt)*) => {
        impl<T: Generate $($bound)*, $($generics)*> Generate for $c<T $(, $p)?> {
            /// Up to 16 elements (fewer nested in derived types; in a set, a repeated one
            /// counts once); shrinks towards empty.
            #[generator(crate = crate, name = $name)]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                let len = default_len();
                let mut items = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate(rng));
                }
                items
            }
        }

        impl<T: Generate $($bound)*, $($generics)*> GenerateLen for $c<T $(, $p)?> {
            #[generator(crate = crate, name = $name)]
            fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
                let mut items = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate(rng));
                }
                items
            }
        }

        impl<B: Clone, T: GenerateIn<B> $($bound)*, $($generics)*> GenerateIn<B>
            for $c<T $(, $p)?>
        {
            #[generator(crate = crate, name = $name)]
            fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
                let len = default_len();
                let mut items = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate_in(rng, bounds.clone()));
                }
                items
            }
        }

        impl<B: Clone, T: GenerateIn<B> $($bound)*, $($generics)*> GenerateLenIn<B>
            for $c<T $(, $p)?>
        {
            #[generator(crate = crate, name = $name)]
            fn generate_len_in<R: rand::Rng + ?Sized>(rng: &mut R, len: Len, bounds: B) -> Self {
                let mut items = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate_in(rng, bounds.clone()));
                }
                items
            }
        }
    };
}

sequence!(Vec<T>, push, "Vec::generate", [],);
sequence!(VecDeque<T>, push_back, "VecDeque::generate", [],);
sequence!(LinkedList<T>, push_back, "LinkedList::generate", [],);
sequence!(BinaryHeap<T>, push, "BinaryHeap::generate", [], + Ord);
sequence!(BTreeSet<T>, insert, "BTreeSet::generate", [], + Ord);
sequence!(HashSet<T, S>, insert, "HashSet::generate", [S: BuildHasher + Default], + Eq + Hash);

/// The two impls of a map from `K`s to `V`s (`[..]`: more generic parameters, a hasher's),
/// each a loop that inserts one entry an iteration.
macro_rules! map {
    ($c:ident<K, V $(, $p:ident)?>, $name:literal, [$($generics:tt)*], $($bound:tt)*) => {
        impl<K: Generate $($bound)*, V: Generate, $($generics)*> Generate for $c<K, V $(, $p)?> {
            /// Up to 16 entries (fewer nested in derived types; a repeated key counts once);
            /// shrinks towards empty.
            #[generator(crate = crate, name = $name)]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                let len = default_len();
                let mut map = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    let key = K::generate(rng);
                    map.insert(key, V::generate(rng));
                }
                map
            }
        }

        impl<K: Generate $($bound)*, V: Generate, $($generics)*> GenerateLen
            for $c<K, V $(, $p)?>
        {
            #[generator(crate = crate, name = $name)]
            fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
                let mut map = $c::default();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    let key = K::generate(rng);
                    map.insert(key, V::generate(rng));
                }
                map
            }
        }
    };
}

map!(BTreeMap<K, V>, "BTreeMap::generate", [], + Ord);
map!(HashMap<K, V, S>, "HashMap::generate", [S: BuildHasher + Default], + Eq + Hash);

impl Generate for String {
    /// Up to 16 characters of [`char`'s kind](Generate#what-each-draws) (fewer nested in
    /// derived types); shrinks towards empty.
    #[generator(crate = crate, name = "String::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let len = default_len();
        let mut s = String::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            s.push(char::generate(rng));
        }
        s
    }
}

impl GenerateLen for String {
    #[generator(crate = crate, name = "String::generate")]
    fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
        let mut s = String::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            s.push(char::generate(rng));
        }
        s
    }
}

/// `range` on a string bounds its characters.
impl<B: Clone> GenerateIn<B> for String
where
    char: GenerateIn<B>,
{
    #[generator(crate = crate, name = "String::generate")]
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
        let len = default_len();
        let mut s = String::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            s.push(char::generate_in(rng, bounds.clone()));
        }
        s
    }
}

impl<B: Clone> GenerateLenIn<B> for String
where
    char: GenerateIn<B>,
{
    #[generator(crate = crate, name = "String::generate")]
    fn generate_len_in<R: rand::Rng + ?Sized>(rng: &mut R, len: Len, bounds: B) -> Self {
        let mut s = String::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            s.push(char::generate_in(rng, bounds.clone()));
        }
        s
    }
}

impl Generate for Box<str> {
    /// A [`String`]'s characters.
    #[generator(crate = crate, name = "Box<str>::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        String::generate(rng).into_boxed_str()
    }
}

impl Generate for std::path::PathBuf {
    /// A [`String`]'s characters, as a path.
    #[generator(crate = crate, name = "PathBuf::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        std::path::PathBuf::from(String::generate(rng))
    }
}
