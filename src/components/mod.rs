//! The view: components render state and dispatch actions, nothing more. One folder per feature.
//! No barrel: each file imports the file that defines what it uses (`tests/model_imports.rs`
//! checks that no file and no folder here imports one that imports it back).
//!
//! A component (`#[component]`) is kept where it holds state or hooks, or where Yew skipping an
//! unchanged subtree matters; the other parts of a view are plain functions returning `Html`,
//! since each component type adds its own copy of Yew's lifecycle code to the wasm (about 1.4 kB
//! raw). Markup that never changes is written as one node (`inputs::static_markup::static_html`).
//! Glossary terms, provenance markers and folds are one component, `inputs::disclosure::Disclosure`,
//! each kind a plain function (`page::fold::fold`, `term`, `provenance_marker`) that fills its props.
//! A component used from several places gets its props written out and passed as `..props`
//! through one function (`results::bar_chart::bar_chart`, `NumberInputProps::html`): the props builder's code is
//! generic per call site's set of props, so each `<X a={..} b={..} />` would ship its own copy.

pub mod calculator;
pub mod course;
pub mod inputs;
pub mod page;
pub mod planning;
pub mod prices;
pub mod results;
pub mod share;
pub mod testbeds;
