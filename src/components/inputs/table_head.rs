//! The header row of a data table.

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
                if actions {
                    <th scope="col"><span class="visually-hidden">{ "Actions" }</span></th>
                }
            </tr>
        </thead>
    }
}
