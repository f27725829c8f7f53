//! The view: components render state and dispatch actions, nothing more. One folder per feature.
//! No barrel: each file imports the file that defines what it uses (`tests/model_imports.rs`
//! checks that no file and no folder here imports one that imports it back).
//!
//! Idiomatic Yew: a component (`#[component]`, derived props, written `<X a={..} />` in `html!`)
//! where it holds state or hooks, or where Yew skipping an unchanged subtree matters; the other
//! parts of a view are plain functions returning `Html`, since each component type adds its own
//! copy of Yew's lifecycle code to the wasm (about 1.4 kB raw). Markup is written in `html!`
//! (no raw HTML strings: the 28 that saved space saved 28 B each, gzip), and props are written at
//! the call site (the helpers that passed them through one function saved 32 B per site). The
//! long `<option>` lists stay one node of markup each (`inputs::select::options`), for the start's
//! speed, not its size. Glossary terms, provenance markers and folds are one component,
//! `inputs::disclosure::Disclosure`, each kind a plain function that fills its props.

pub mod actuals;
pub mod calculator;
pub mod course;
pub mod inputs;
pub mod page;
pub mod planning;
pub mod prices;
pub mod results;
pub mod share;
pub mod testbeds;
