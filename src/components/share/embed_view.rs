//! The compact view for an iframe in a course page: headline, one chart, the breakdown.

use yew::prelude::*;

use crate::browser::{address, embed::HeightReporter};
use crate::components::course::course_panel::CoursePanel;
use crate::components::inputs::notice::notice;
use crate::components::prices::pricing_panel::PricingPanel;
use crate::components::results::breakdown_table::BreakdownTable;
use crate::components::results::charts_panel::ChartsPanel;
use crate::components::results::headline::headline;
use crate::components::share::link_notice::LinkNotice;
use crate::model::export::PAPER_CITATION;
use crate::model::share::{view_of, TRANSPARENT_CLASS};
use crate::state::{use_scenario, use_share_fragment};

/// Props of [`EmbedView`].
#[derive(Properties, PartialEq)]
pub struct EmbedViewProps {
    /// Readers may change the course and pricing (`&edit=1`).
    pub editable: bool,
}

/// The host page's wishes: a colour scheme and a transparent background, as classes of the root
/// element (style.css has the rest).
fn apply_host_wishes() {
    let view = view_of(&address::query());
    let classes: Vec<&str> = view
        .theme
        .class()
        .into_iter()
        .chain(view.transparent.then_some(TRANSPARENT_CLASS))
        .collect();
    if let Some(root) = gloo::utils::document().document_element() {
        let mut class = root.class_name();
        for name in classes {
            if !class.split_whitespace().any(|c| c == name) {
                if !class.is_empty() {
                    class.push(' ');
                }
                class.push_str(name);
            }
        }
        root.set_class_name(&class);
    }
}

/// The embedded calculator.
#[component]
pub fn EmbedView(props: &EmbedViewProps) -> Html {
    let state = use_scenario();
    // Tell the host page our height now and whenever it changes.
    use_effect_with((), |_| {
        let reporter = HeightReporter::start();
        move || drop(reporter)
    });
    // The host page's wishes (a colour scheme, a transparent background) are set on the root
    // element before anything under it renders, so the charts read the theme when they measure.
    use_state(apply_host_wishes);
    let fragment = use_share_fragment(&state);
    let full = format!("{}#{fragment}", address::base());
    html! {
        <main class="embed">
            <div class="embed-header">
                <strong data-testid="embed-title">
                    { if state.scenario.title.trim().is_empty() {
                        "What this course costs in cloud compute".to_string()
                    } else {
                        format!("{}: what it costs in cloud compute", state.scenario.title.trim())
                    } }
                </strong>
                <a href={full} target="_blank" rel="noopener" data-testid="open-full">
                    { "Open the full calculator" }
                </a>
            </div>
            <LinkNotice />
            { notice(&state) }
            { headline(&state) }
            if props.editable {
                <div class="embed-controls">
                    <CoursePanel />
                    <PricingPanel />
                </div>
            }
            <ChartsPanel which="cost-by-lab" />
            <BreakdownTable />
            <p class="embed-source small">{ format!("Course cost calculator. Default course and method: {PAPER_CITATION}.") }</p>
        </main>
    }
}
