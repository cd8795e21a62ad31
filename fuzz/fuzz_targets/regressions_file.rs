//! greduce's regressions file under libFuzzer: its parser, on any text (it must answer
//! entries or an error with a line, never panic or hang).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = greduce_runtime::__fuzz::regressions_file(text);
    }
});
