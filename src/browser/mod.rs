//! Thin wrappers over the browser APIs the app uses: the address bar, local storage, the
//! clipboard, file downloads, and the embedding page. Each fails quietly: a browser that blocks
//! one of them loses that feature, never the app.

pub mod address;
pub mod clipboard;
pub mod download;
pub mod embed;
pub mod file_stream;
pub mod storage;
