//! [`Generate`], [`GenerateLen`], [`GenerateIn`] and [`GenerateLenIn`] for the standard
//! collections and `String`: a reducible loop of elements, so shrinking removes elements.

use super::{Generate, GenerateIn, GenerateLen, GenerateLenIn, Len, default_len};
use crate::generator;
use rand::RngExt;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap, HashMap, HashSet, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

macro_rules! sequence {
    ($c:ident, $add:ident, $name:literal, $($bound:tt)*) => {
        impl<T: Generate $($bound)*> Generate for $c<T> {
            /// Up to 16 elements (fewer nested in derived types); shrinks towards empty.
            #[generator(crate = crate, name = $name)]
            fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
                let len = default_len();
                let mut items = $c::new();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate(rng));
                }
                items
            }
        }

        impl<T: Generate $($bound)*> GenerateLen for $c<T> {
            #[generator(crate = crate, name = $name)]
            fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
                let mut items = $c::new();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate(rng));
                }
                items
            }
        }

        impl<B: Clone, T: GenerateIn<B> $($bound)*> GenerateIn<B> for $c<T> {
            #[generator(crate = crate, name = $name)]
            fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
                let len = default_len();
                let mut items = $c::new();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate_in(rng, bounds.clone()));
                }
                items
            }
        }

        impl<B: Clone, T: GenerateIn<B> $($bound)*> GenerateLenIn<B> for $c<T> {
            #[generator(crate = crate, name = $name)]
            fn generate_len_in<R: rand::Rng + ?Sized>(rng: &mut R, len: Len, bounds: B) -> Self {
                let mut items = $c::new();
                for _ in 0..rng.random_range(len.min..=len.max) {
                    items.$add(T::generate_in(rng, bounds.clone()));
                }
                items
            }
        }
    };
}

sequence!(Vec, push, "Vec::generate",);
sequence!(VecDeque, push_back, "VecDeque::generate",);
sequence!(LinkedList, push_back, "LinkedList::generate",);
sequence!(BinaryHeap, push, "BinaryHeap::generate", + Ord);
sequence!(BTreeSet, insert, "BTreeSet::generate", + Ord);

impl<T: Generate + Eq + Hash, S: BuildHasher + Default> Generate for HashSet<T, S> {
    /// Up to 16 elements (fewer nested in derived types; a repeated one counts once);
    /// shrinks towards empty.
    #[generator(crate = crate, name = "HashSet::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let len = default_len();
        let mut items = HashSet::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            items.insert(T::generate(rng));
        }
        items
    }
}

impl<T: Generate + Eq + Hash, S: BuildHasher + Default> GenerateLen for HashSet<T, S> {
    #[generator(crate = crate, name = "HashSet::generate")]
    fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
        let mut items = HashSet::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            items.insert(T::generate(rng));
        }
        items
    }
}

impl<B: Clone, T: GenerateIn<B> + Eq + Hash, S: BuildHasher + Default> GenerateIn<B>
    for HashSet<T, S>
{
    #[generator(crate = crate, name = "HashSet::generate")]
    fn generate_in<R: rand::Rng + ?Sized>(rng: &mut R, bounds: B) -> Self {
        let len = default_len();
        let mut items = HashSet::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            items.insert(T::generate_in(rng, bounds.clone()));
        }
        items
    }
}

impl<B: Clone, T: GenerateIn<B> + Eq + Hash, S: BuildHasher + Default> GenerateLenIn<B>
    for HashSet<T, S>
{
    #[generator(crate = crate, name = "HashSet::generate")]
    fn generate_len_in<R: rand::Rng + ?Sized>(rng: &mut R, len: Len, bounds: B) -> Self {
        let mut items = HashSet::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            items.insert(T::generate_in(rng, bounds.clone()));
        }
        items
    }
}

impl<K: Generate + Eq + Hash, V: Generate, S: BuildHasher + Default> Generate for HashMap<K, V, S> {
    /// Up to 16 entries (fewer nested in derived types; a repeated key counts once);
    /// shrinks towards empty.
    #[generator(crate = crate, name = "HashMap::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let len = default_len();
        let mut map = HashMap::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            let key = K::generate(rng);
            map.insert(key, V::generate(rng));
        }
        map
    }
}

impl<K: Generate + Eq + Hash, V: Generate, S: BuildHasher + Default> GenerateLen
    for HashMap<K, V, S>
{
    #[generator(crate = crate, name = "HashMap::generate")]
    fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
        let mut map = HashMap::default();
        for _ in 0..rng.random_range(len.min..=len.max) {
            let key = K::generate(rng);
            map.insert(key, V::generate(rng));
        }
        map
    }
}

impl<K: Generate + Ord, V: Generate> Generate for BTreeMap<K, V> {
    /// Up to 16 entries (fewer nested in derived types; a repeated key counts once);
    /// shrinks towards empty.
    #[generator(crate = crate, name = "BTreeMap::generate")]
    fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let len = default_len();
        let mut map = BTreeMap::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            let key = K::generate(rng);
            map.insert(key, V::generate(rng));
        }
        map
    }
}

impl<K: Generate + Ord, V: Generate> GenerateLen for BTreeMap<K, V> {
    #[generator(crate = crate, name = "BTreeMap::generate")]
    fn generate_len<R: rand::Rng + ?Sized>(rng: &mut R, len: Len) -> Self {
        let mut map = BTreeMap::new();
        for _ in 0..rng.random_range(len.min..=len.max) {
            let key = K::generate(rng);
            map.insert(key, V::generate(rng));
        }
        map
    }
}

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
