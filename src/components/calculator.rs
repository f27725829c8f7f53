//! The page: the summary that stays in view, then one view at a time (Course & labs, Prices &
//! hardware, Results, Plan, Share), the current one named in the address bar.

use gloo::events::EventListener;
use yew::prelude::*;

use super::page::shortcuts::use_undo_shortcuts;
use super::page::tabs::{panel_id, tab_id};
use crate::browser::actuals_protocol::ActualsView;
use crate::browser::address;
use crate::components::actuals::host::ActualsHost;
use crate::components::course::course_panel::CoursePanel;
use crate::components::course::labs_editor::LabsEditor;
use crate::components::course::project_editor::ProjectEditor;
use crate::components::course::schedule_panel::SchedulePanel;
use crate::components::inputs::notice::notice;
use crate::components::inputs::term::glossary;
use crate::components::page::fold::fold;
use crate::components::page::go_to::{reveal, Place};
use crate::components::page::later::later;
use crate::components::page::summary_bar::{FirstLines, SummaryBar};
use crate::components::page::tabs::tabs;
use crate::components::planning::compare_panel::ComparePanel;
use crate::components::planning::cost_range::CostRange;
use crate::components::planning::savings_panel::SavingsPanel;
use crate::components::planning::spread_panel::SpreadPanel;
use crate::components::planning::tornado_panel::TornadoPanel;
use crate::components::prices::pricing_panel::PricingPanel;
use crate::components::prices::realism_panel::realism_panel;
use crate::components::prices::stand_ins::StandInChoices;
use crate::components::results::breakdown_table::BreakdownTable;
use crate::components::results::charts_panel::ChartsPanel;
use crate::components::results::headline::headline;
use crate::components::results::providers_table::ProvidersTable;
use crate::components::share::link_notice::LinkNotice;
use crate::components::share::print_header::PrintHeader;
use crate::components::share::share_bar::ShareBar;
use crate::components::testbeds::testbed_panel::TestbedPanel;
use crate::model::share::Tab;
use crate::state::{use_scenario_if, when, ScenarioHandle};

/// Folded panels, each an id (the fold's `data-testid` is `fold-<id>`), a title and the panel.
fn folds(panels: impl IntoIterator<Item = (&'static str, &'static str, Html)>) -> Html {
    panels
        .into_iter()
        .map(|(id, title, panel)| fold(id, title, false, panel))
        .collect()
}

/// What a view shows; `shared_view` is the view a link copied in the Share view opens on.
fn view(tab: Tab, state: &ScenarioHandle, shared_view: Tab) -> Html {
    match tab {
        // During the start the summary and tabs come in the first task and each `later` part
        // in a task of its own, top to bottom (page::later); afterwards all at once.
        Tab::Course => html! {
            <>
                { later(1, html! { <CoursePanel /> }) }
                { later(2, html! { <LabsEditor /> }) }
                { later(3, html! { <ProjectEditor /> }) }
            </>
        },
        Tab::Prices => html! {
            <>
                <PricingPanel />
                { later(1, html! { <StandInChoices /> }) }
                { later(2, realism_panel(state)) }
            </>
        },
        Tab::Results => html! {
            <>
                { headline(state) }
                <CostRange />
                <ChartsPanel which="cost-by-lab" />
                { later(1, html! { <BreakdownTable /> }) }
                { later(2, html! { <>
                { fold("providers", "The same course on every provider", false,
                    html! { <ProvidersTable /> }) }
                { fold("testbeds", "On a free testbed: Chameleon SUs, Jetstream2 credits, and what to request", false,
                    html! { <TestbedPanel /> }) }
                { fold("more-charts", "Planned vs actual hours, and cost by category (charts)", false, html! {
                    <div class="chart-pair">
                        <ChartsPanel which="hours" />
                        <ChartsPanel which="categories" />
                    </div>
                }) }
                </> }) }
            </>
        },
        Tab::Plan => html! {
            <>
                <SavingsPanel />
                { later(1, html! { <TornadoPanel /> }) }
                { later(2, folds([
                    ("calibrate", "Calibrate to your own course's measured hours", html! { <ActualsHost view={ActualsView::Hours} /> }),
                    ("focus", "Calibrate from your bill (a FOCUS cost-and-usage export)", html! { <ActualsHost view={ActualsView::Focus} /> }),
                    ("term", "During the term: the bill so far, the forecast, and when the budget runs out", html! { <ActualsHost view={ActualsView::Term} /> }),
                    ("comparables", "How it compares with other courses", html! { <ActualsHost view={ActualsView::Comparables} /> }),
                    ("spread", "How much students differ, and budget per student", html! { <SpreadPanel /> }),
                    ("schedule", "Semester timeline and quota request", html! { <SchedulePanel /> }),
                    ("compare", "Compare two scenarios (A/B)", html! { <ComparePanel /> }),
                ])) }
            </>
        },
        Tab::Share => html! { <ShareBar view={shared_view} /> },
    }
}

/// Keeps the browser tab's title on the scenario's name.
#[hook]
fn use_document_title(title: String) {
    use_effect_with(title, |title| {
        let base = "Course cost calculator";
        let text = if title.trim().is_empty() {
            format!("{base}: what an ML-systems course costs in cloud compute")
        } else {
            format!("{} · {base}", title.trim())
        };
        gloo::utils::document().set_title(&text);
    });
}

/// Shows the results while printing (the printout is a one-page budget justification), then
/// the view the reader printed from again.
#[hook]
fn use_print_results(tab: UseStateHandle<Tab>) {
    // The view to return to, kept across renders; read by the listeners, not rendered.
    let printed_from = use_mut_ref(|| None::<Tab>);
    // The listeners read the current view through this, as the handle they hold is the first one.
    let current = use_mut_ref(|| *tab);
    *current.borrow_mut() = *tab;
    use_effect_with((), move |_| {
        let window = gloo::utils::window();
        let before = {
            let (tab, from, current) = (tab.clone(), printed_from.clone(), current.clone());
            EventListener::new(&window, "beforeprint", move |_| {
                from.borrow_mut().get_or_insert(*current.borrow());
                tab.set(Tab::Results);
            })
        };
        let after = EventListener::new(&window, "afterprint", move |_| {
            if let Some(back) = printed_from.borrow_mut().take() {
                tab.set(back);
            }
        });
        move || drop((before, after))
    });
}

/// The calculator.
#[component]
pub fn Calculator() -> Html {
    let tab = use_state(|| Tab::of_fragment(&address::fragment()));
    // Its own parts (the tab title, the notice) and, in the Results and Prices views, the parts
    // drawn by plain functions from the whole state (the headline, the usage realism); the other
    // views' parts watch what they show.
    let whole = matches!(*tab, Tab::Results | Tab::Prices);
    let state = use_scenario_if(when(move |before, now| {
        whole
            || before.scenario.title != now.scenario.title
            || before.visit.notice != now.visit.notice
    }));
    use_undo_shortcuts(state.dispatch());
    use_document_title(state.scenario.title.clone());
    use_print_results(tab.clone());
    let on_select = {
        let tab = tab.clone();
        Callback::from(move |next: Tab| {
            address::replace_fragment(&next.in_fragment(&address::fragment()));
            tab.set(next);
        })
    };
    // A place asked for in another view: the view is shown, then the place revealed once drawn.
    let pending = use_state_eq(|| None::<&'static str>);
    let on_go = {
        let (on_select, pending) = (on_select.clone(), pending.clone());
        Callback::from(move |place: Place| {
            on_select.emit(place.tab);
            pending.set(Some(place.selector));
        })
    };
    {
        let pending = pending.clone();
        use_effect_with((*tab, *pending), move |(_, selector)| {
            if selector.is_some_and(reveal) {
                pending.set(None);
            }
        });
    }
    let current = *tab;
    // The view a copied link opens on: the last one the reader looked at before Share (a link
    // that opened on the Share view would show its reader buttons, not the scenario).
    let shared_view = use_mut_ref(|| (current != Tab::Share).then_some(current));
    if current != Tab::Share {
        *shared_view.borrow_mut() = Some(current);
    }
    let shared_view = shared_view.borrow().unwrap_or_default();
    html! {
        <main class="calculator">
            <PrintHeader />
            <SummaryBar on_go={on_go.clone()} />
            // The first screen's lines: in the view a reader starts on (Results has its own).
            if current == Tab::Course {
                <FirstLines {on_go} range={html! { <CostRange short={true} /> }} />
            }
            <LinkNotice />
            { notice(&state) }
            { tabs(current, &on_select) }
            <section class="view" role="tabpanel" id={panel_id(current)}
                aria-labelledby={tab_id(current)} tabindex="0" data-testid={format!("view-{}", current.id())}>
                { view(current, &state, shared_view) }
            </section>
            { later(u8::MAX, glossary()) }
        </main>
    }
}
