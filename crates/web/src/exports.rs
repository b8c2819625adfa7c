//! [`crate::answer`] over WebAssembly's C ABI, through one buffer the page and the module
//! share: the page asks for room ([`request_buffer`]), writes a request's UTF-8 there and
//! calls [`respond`], which leaves the answer in the buffer ([`answer_pointer`], the
//! length returned). No pointer crosses from the page into Rust: the module hands out the
//! address of its own buffer and reads it back as a `Vec`, so the only unsafe code is the
//! export of the functions under their own names.

// `#[no_mangle]` counts as unsafe code: these three functions are what the page calls.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    /// The request before [`respond`], the answer after it.
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Room for a request of `length` bytes; the page writes it at the address returned.
#[no_mangle]
pub extern "C" fn request_buffer(length: usize) -> *mut u8 {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        buffer.clear();
        buffer.resize(length, 0);
        buffer.as_mut_ptr()
    })
}

/// Answers the request in the buffer and leaves the answer there; returns its length.
#[no_mangle]
pub extern "C" fn respond() -> usize {
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        let answer = match std::str::from_utf8(&buffer) {
            Ok(request) => crate::answer(request),
            Err(_) => r#"{"error":"the request is not UTF-8"}"#.to_owned(),
        };
        *buffer = answer.into_bytes();
        buffer.len()
    })
}

/// Where the answer [`respond`] left begins.
#[no_mangle]
pub extern "C" fn answer_pointer() -> *const u8 {
    BUFFER.with(|buffer| buffer.borrow().as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buffer round trip, natively: what the page does through the module's memory.
    #[test]
    fn a_request_written_to_the_buffer_is_answered_there() {
        let request = br#"{"op": "node", "spec": "gyges"}"#;
        let pointer = request_buffer(request.len());
        BUFFER.with(|buffer| {
            let mut buffer = buffer.borrow_mut();
            assert_eq!(buffer.as_mut_ptr(), pointer);
            buffer.copy_from_slice(request);
        });
        let length = respond();
        assert_eq!(answer_pointer(), BUFFER.with(|b| b.borrow().as_ptr()));
        let answer = BUFFER.with(|b| String::from_utf8(b.borrow()[..length].to_vec()).unwrap());
        assert_eq!(answer, crate::answer(r#"{"op": "node", "spec": "gyges"}"#));
    }
}
