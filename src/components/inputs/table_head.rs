//! The header row of a data table, and its cells of figures.

use yew::prelude::*;

/// `<thead>` with a column header per name in `columns`, then, when `actions` is true, one more
/// for a row's buttons, named "Actions" for screen readers only.
pub fn table_head(columns: &[&str], actions: bool) -> Html {
    html! {
        <thead>
            <tr>
                for column in columns {
                    <th scope="col">{ column.to_string() }</th>
                }
                { hidden_column(actions.then_some("Actions")) }
            </tr>
        </thead>
    }
}

/// `<thead>` of a table of figures: a header over the rows' names, one per figure column in
/// `figures` (right-aligned like the figures), then, when `action` names one, a column for a
/// row's button, named for screen readers only.
pub fn figures_head(names: &str, figures: &[&str], action: Option<&str>) -> Html {
    html! {
        <thead>
            <tr>
                <th scope="col">{ names.to_string() }</th>
                for figure in figures {
                    <th scope="col" class="num">{ figure.to_string() }</th>
                }
                { hidden_column(action) }
            </tr>
        </thead>
    }
}

/// A column header named `name` for screen readers only; nothing without a name.
fn hidden_column(name: Option<&str>) -> Html {
    match name {
        Some(name) => {
            html! { <th scope="col"><span class="visually-hidden">{ name.to_string() }</span></th> }
        }
        None => Html::default(),
    }
}

/// A cell of a figure (right-aligned like its column's header): one function for every such
/// cell, so each table does not carry its own code for building it.
pub fn num_cell(text: String) -> Html {
    html! { <td class="num">{ text }</td> }
}
