//! Strings from a regular expression: [`Regex::generate`] is a `#[generator]`, so a failing
//! string shrinks by its trace like any generated input, towards the simplest string the
//! pattern matches.
//!
//! ```
//! use greduce::Reducer;
//! use greduce::regex::Regex;
//!
//! let email = Regex::new(r"[a-z]{1,8}@[a-z]{2,4}\.(com|org)").unwrap();
//! let generate = |rng: &mut rand::rngs::StdRng| email.generate(rng);
//! // The bug: an address at a `.org`.
//! let fails = |s: &String| s.ends_with(".org");
//! let run = (0..).map(|seed| greduce::record(generate, seed)).find(|r| fails(&r.output)).unwrap();
//! assert_eq!(Reducer::new(generate).reduce(&run.trace, |s| !fails(s)).output, "a@aa.org");
//! ```
//!
//! # Syntax
//!
//! A pattern describes whole strings (as if it were between `^` and `$`): literal
//! characters; escapes of punctuation (`\.`, `\\`, `\-`), `\n`, `\t`, `\r`, `\f`, `\v`,
//! `\a`, `\x41`, `\x{41}`, `\u0041`, `\u{1F600}`; `.` (any character but `\n`); classes
//! `[abc]`, `[a-z0-9_]`, negated `[^...]`; the ASCII classes `\d`, `\w`, `\s` and their
//! negations `\D`, `\W`, `\S`, also inside classes; groups `(..)`, `(?:..)`, `(?P<name>..)`,
//! `(?<name>..)`; alternation `|` (empty alternatives too); quantifiers `*`, `+`, `?`,
//! `{n}`, `{n,}`, `{n,m}` (counts up to 100 000) and their lazy forms (`*?`: the same
//! strings); `^` at the very start and `$` at the very end (ignored). Everything else
//! (backreferences, lookaround, flags such as `(?i)`, `\b`, `\p{..}`, anchors elsewhere) is
//! an [`PatternError`] naming what and where: [`PatternError::offset`] is its byte offset in the pattern.
//!
//! ```
//! use greduce::regex::Regex;
//!
//! let err = Regex::new(r"(\w+) \1").unwrap_err();
//! assert_eq!(err.offset(), 6);
//! assert!(err.to_string().starts_with(r"unsupported: backreference `\1`"));
//! ```
//!
//! # How it shrinks
//!
//! Each construct draws so that the simplest value of its decision is its simplest string:
//!
//! - an alternation is a multi-way selection whose first alternative is the simplest:
//!   `(com|org)` shrinks to `com` unless the failure needs `org`;
//! - a repetition repeats its minimum number of times, then draws how many more (a
//!   reducible loop, each repetition a part), so shrinking removes repetitions down to the
//!   minimum: up to [`max_repeat`](Regex::max_repeat) more (8 by default) for `*`, `+` and
//!   `{n,}`, up to `m - n` more for `{n,m}` and `?`;
//! - a class draws an index into its characters in draw order, 0 being the simplest:
//!   the printable ASCII characters it holds from `'0'` to `'~'` first (so `[a-z]` gives
//!   `a`, `\d` and `\w` give `0`), then from `' '` to `'/'`, then the others (control
//!   characters, DEL, then the rest of Unicode) in code point order. So `.`, `[^x]` and `\S`
//!   give `0` (the simplest `char` of greduce's order for `random_range`), `[^0-9]` and `\D`
//!   give `:`, `\s` gives a space, `[-+*/]` gives `*`. A negated class and `.` hold all of
//!   Unicode but what they exclude (the surrogates are no `char`s).
//!
//! So with a property that any string fails, `[a-z]{1,8}@[a-z]{2,4}\.(com|org)` shrinks to
//! `a@aa.com`; shortlex over the decisions in trace order puts the simplest characters
//! first, so "contains an `x`" over `[a-z]{3,10}` ends at `aax`.

mod compile;
mod emit;

use crate::generator;
use compile::Part;
use std::fmt;

pub use greduce_regex::PatternError;

/// The former name of [`PatternError`], kept for one release.
#[deprecated(note = "renamed `PatternError`")]
pub type Error = PatternError;

/// A compiled pattern that generates the strings it matches (see [the module
/// docs](self) for the syntax and how its strings shrink).
///
/// ```
/// use greduce::regex::Regex;
/// use rand::SeedableRng;
///
/// let digits = Regex::new(r"\d{3}-\d{4}").unwrap();
/// let mut rng = rand::rngs::StdRng::seed_from_u64(7);
/// let s = digits.generate(&mut rng);
/// assert_eq!(s.len(), 8);
/// assert_eq!(s.as_bytes()[3], b'-');
/// ```
#[derive(Clone)]
pub struct Regex {
    pattern: Box<str>,
    root: Part,
    max_repeat: u32,
    /// The output's first capacity: the most bytes the pattern generates, up to
    /// [`CAPACITY`].
    capacity: usize,
}

/// The largest first capacity of an output: longer strings grow as they are written.
const CAPACITY: usize = 64;

impl Regex {
    /// Parses and compiles `pattern`.
    ///
    /// ```
    /// use greduce::regex::Regex;
    ///
    /// let re = Regex::new("(?P<word>[a-z]+)( [a-z]+)*").unwrap();
    /// assert_eq!(re.as_str(), "(?P<word>[a-z]+)( [a-z]+)*");
    /// ```
    ///
    /// # Errors
    ///
    /// A [`PatternError`] at the first problem: syntax greduce does not accept, or a malformed
    /// pattern; its message names what is accepted instead.
    ///
    /// ```
    /// use greduce::regex::Regex;
    ///
    /// let err = Regex::new("[a-z]{3,2}").unwrap_err();
    /// assert_eq!(err.offset(), 5);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid repetition `{3,2}`: the minimum is larger than the maximum"
    /// );
    /// ```
    pub fn new(pattern: &str) -> Result<Regex, PatternError> {
        let node = greduce_regex::parse(pattern)?;
        let root = compile::compile(&node, &mut 0);
        let regex = Regex {
            pattern: pattern.into(),
            root,
            max_repeat: 0,
            capacity: 0,
        };
        Ok(regex.max_repeat(8))
    }

    /// How many repetitions past its minimum an unbounded quantifier (`*`, `+`, `{n,}`)
    /// draws at most: 8 by default. Bounded ones (`?`, `{n,m}`) keep their bounds.
    ///
    /// ```
    /// use greduce::regex::Regex;
    /// use rand::SeedableRng;
    ///
    /// let re = Regex::new("a+b{0,3}").unwrap().max_repeat(2);
    /// let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    /// for _ in 0..100 {
    ///     let s = re.generate(&mut rng);
    ///     assert!((1..=3).contains(&s.matches('a').count()), "{s}");
    ///     assert!(s.matches('b').count() <= 3, "{s}");
    /// }
    /// ```
    #[must_use]
    pub fn max_repeat(mut self, n: u32) -> Self {
        self.max_repeat = n;
        self.capacity = compile::max_len(&self.root, n).min(CAPACITY);
        self
    }

    /// The pattern, as given to [`new`](Regex::new).
    ///
    /// ```
    /// assert_eq!(greduce::regex::Regex::new("a|b").unwrap().as_str(), "a|b");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// A string the pattern matches (the whole string). Called directly it is plain rand
    /// code, allocating only the string; inside a greduce run it records a trace that
    /// shrinks towards the pattern's simplest strings (see [the module
    /// docs](self#how-it-shrinks)).
    ///
    /// ```
    /// use greduce::{Check, regex::Regex};
    ///
    /// let hex = Regex::new("0x[0-9a-f]{1,6}").unwrap();
    /// // A property that fails on any `f`: the minimal input has a single one.
    /// let report = Check::new(|rng| hex.generate(rng))
    ///     .seed(3)
    ///     .persist(false)
    ///     .try_check(|s: &String| !s.contains('f'))
    ///     .unwrap_err();
    /// assert_eq!(report.input(), Some("\"0xf\""));
    /// ```
    #[generator(crate = crate)]
    pub fn generate<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> String {
        let mut out = String::with_capacity(self.capacity);
        emit::emit(rng, &self.root, self.max_repeat, &mut out);
        out
    }
}

/// The pattern and the repetition limit.
impl fmt::Debug for Regex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Regex")
            .field("pattern", &self.pattern)
            .field("max_repeat", &self.max_repeat)
            .finish_non_exhaustive()
    }
}
