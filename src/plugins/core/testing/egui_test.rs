//! Clicking egui widgets by their label in tests: a bare egui context draws the panel code under
//! test, egui's accessibility tree says where the widget with that label is, and a pointer press
//! and release over it are fed back in, as a mouse would.

use bevy_egui::egui;

/// The size of the pretend screen.
const SCREEN: egui::Vec2 = egui::vec2(1280.0, 720.0);

/// One pass of `show` with `events` as its input: every labelled widget (and text) it drew, with
/// its middle.
fn pass(
    ctx: &egui::Context,
    events: Vec<egui::Event>,
    show: &mut impl FnMut(&mut egui::Ui),
) -> Vec<(String, egui::Pos2)> {
    placed(ctx, events, show)
        .into_iter()
        .map(|(label, rect)| (label, rect.center()))
        .collect()
}

/// One pass of `show` with `events` as its input: every labelled widget (and text) it drew, with
/// the rectangle it takes.
fn placed(
    ctx: &egui::Context,
    events: Vec<egui::Event>,
    show: &mut impl FnMut(&mut egui::Ui),
) -> Vec<(String, egui::Rect)> {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, SCREEN)),
        events,
        ..Default::default()
    };
    let output = ctx.run_ui(input, |ui| show(ui));
    let widgets = output
        .platform_output
        .accesskit_update
        .iter()
        .flat_map(|update| &update.nodes)
        .filter_map(|(_, node)| {
            // A plain text label carries its text as the node's value.
            let (label, rect) = (node.label().or(node.value())?, node.bounds()?);
            let rect = egui::Rect::from_min_max(
                egui::pos2(rect.x0 as f32, rect.y0 as f32),
                egui::pos2(rect.x1 as f32, rect.y1 as f32),
            );
            Some((label.to_string(), rect))
        })
        .collect();
    // Nothing is painted: the fonts' texture is not wanted.
    output.drop_without_applying_deltas();
    widgets
}

/// The labels of every widget `show` draws, and its texts.
pub fn labels(mut show: impl FnMut(&mut egui::Ui)) -> Vec<String> {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    pass(&ctx, Vec::new(), &mut show)
        .into_iter()
        .map(|(l, _)| l)
        .collect()
}

/// Every label `show` draws with the rectangle it takes (drawn twice, as egui sizes a window on its
/// first pass).
pub fn rects(mut show: impl FnMut(&mut egui::Ui)) -> Vec<(String, egui::Rect)> {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let _ = placed(&ctx, Vec::new(), &mut show);
    placed(&ctx, Vec::new(), &mut show)
}

/// The labels on the same line as the one labelled `first`, left to right (a row of a grid); panics
/// if there is no such label.
pub fn row(first: &str, mut show: impl FnMut(&mut egui::Ui)) -> Vec<String> {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let placed = pass(&ctx, Vec::new(), &mut show);
    let Some(&(_, at)) = placed.iter().find(|(l, _)| l == first) else {
        panic!("no '{first}' among {placed:?}");
    };
    let mut line: Vec<(String, egui::Pos2)> = placed
        .into_iter()
        .filter(|(_, p)| (p.y - at.y).abs() < 2.0)
        .collect();
    line.sort_by(|a, b| a.1.x.total_cmp(&b.1.x));
    // A widget's text can be a node of its own at the widget's place: count it once.
    line.dedup_by(|a, b| a.0 == b.0 && (a.1.x - b.1.x).abs() < 2.0);
    line.into_iter().map(|(l, _)| l).collect()
}

/// Draw `show` and click the widget labelled `label` with the primary button; panics (listing the
/// labels there are) if there is none. `show` runs once per pass: what a click does shows in what
/// it changes.
pub fn click(label: &str, mut show: impl FnMut(&mut egui::Ui)) {
    let ctx = egui::Context::default();
    ctx.enable_accesskit();
    let widgets = pass(&ctx, Vec::new(), &mut show);
    let Some(&(_, at)) = widgets.iter().find(|(l, _)| l == label) else {
        let names: Vec<&str> = widgets.iter().map(|(l, _)| l.as_str()).collect();
        panic!("no widget labelled {label:?}; there are {names:?}");
    };
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    let _ = pass(
        &ctx,
        vec![egui::Event::PointerMoved(at), button(true)],
        &mut show,
    );
    let _ = pass(&ctx, vec![button(false)], &mut show);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_click_reaches_the_button_labelled_and_no_other() {
        let (mut one, mut two) = (0, 0);
        click("Two", |ui| {
            if ui.button("One").clicked() {
                one += 1;
            }
            if ui.button("Two").clicked() {
                two += 1;
            }
        });
        assert_eq!((one, two), (0, 1));
        let drawn = labels(|ui| {
            let _ = (ui.button("One"), ui.label("a note"));
        });
        assert!(drawn.contains(&"One".to_string()), "{drawn:?}");
    }

    #[test]
    #[should_panic(expected = "no widget labelled \"Three\"")]
    fn a_missing_label_says_which_there_are() {
        click("Three", |ui| {
            let _ = ui.button("One");
        });
    }
}
