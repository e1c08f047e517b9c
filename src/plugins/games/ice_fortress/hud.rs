//! The Ice Fortress panels: every character's cards (name card on its starting or advanced side,
//! abilities, class) with their powers and a Use button for the acting human, the four
//! Invader/Beacon cards with their texts, the pending choice, and a tooltip naming whatever the
//! pointer is over.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::ice_fortress::{
    Action, CardRef, Character, Decision, DieAt, Element, IceFortress, Phase, Power, PowerRef,
    cost_text, prompt,
};
use hoarfrost_rules::{Game, GameKind, Seat};

use crate::plugins::core::screens::Screen;
use crate::plugins::core::ui_style;
use crate::plugins::games::ice_fortress::click::{Input, Target};
use crate::plugins::games::ice_fortress::input::{FortressInput, Hovered};
use crate::plugins::games::ice_fortress::pieces::FigurePiece;
use crate::plugins::games::ice_fortress::table::{element_egui, room_text};
use crate::plugins::session::Session;
use crate::plugins::session::words::HudSpec;
use crate::plugins::ui::rules_window::LeftWindows;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            cards_window,
            tooltip.run_if(crate::plugins::table::tooltips::pointer_moved),
        )
            .run_if(
                resource_exists::<Session<IceFortress>>
                    .and_then(in_state(Screen::Playing).or_else(in_state(Screen::GameOver))),
            ),
    );
}

/// The generic side panel's part for Ice Fortress.
pub fn hud_spec() -> HudSpec<IceFortress> {
    HudSpec {
        title: "Ice Fortress",
        seat_name: |s, seat| {
            let names: Vec<String> = (0..s.characters().len())
                .filter(|&c| s.characters()[c].seat == seat)
                .map(|c| short_name(s, c))
                .collect();
            (
                // Bracketed, so that "(human)" joins the brackets: "Player 1 (Eve & Rose, human)".
                format!("Player {} ({})", seat + 1, names.join(" & ")),
                egui::Color32::from_rgb(200, 230, 255),
            )
        },
        seat_status: |s, _| {
            let n = s.beacons();
            format!("{n} {}", if n == 1 { "beacon" } else { "beacons" })
        },
        seat_button: None,
        extra_lines: status_lines,
        panel_actions: |s, seat| {
            let legal = s.legal_actions(seat);
            // A pending choice or the end-of-round discard: every option as a button too, when the
            // list is short (a search lists every room of the decks: those always show).
            let listed = s.decision().is_some() || s.phase() == Phase::EndOfRound;
            if listed && (legal.len() <= 12 || matches!(s.decision(), Some(Decision::Search))) {
                return legal;
            }
            legal
                .into_iter()
                .filter(|a| match a {
                    Action::KeepAbility { .. } | Action::EndBuild | Action::SetDie { .. } => true,
                    Action::PickRoom { .. } => matches!(s.decision(), Some(Decision::LookPick(_))),
                    Action::PickElement { .. } => true,
                    _ => false,
                })
                .collect()
        },
        help: "Click a rolled die, then a lit pillar square to place it as a pillar.\n\
               Click a supply room, then a lit ghost (a foundation space or a filled pillar group) to build it.\n\
               Use powers with the Use buttons in the Characters and cards window, then click the dice or shards that pay.\n\
               Choices (which invader, which deck, which room) are made by clicking what they name; lists are in the panel.\n\
               Four beacons (four rooms of one element stacked) win; an empty shield loses.",
        headline: Some(|s| match s.phase() {
            Phase::Won => format!(
                "The fortress holds: four beacons lit in round {}!",
                s.round()
            ),
            _ if s.shield() == 0 => format!("The ice shield broke in round {}.", s.round()),
            _ => format!(
                "The siege outlasted the table's {}.",
                hoarfrost_rules::words::count(i64::from(s.round_limit()), "round", "rounds")
            ),
        }),
        settled_by: |_| Vec::new(),
        turn: |s| Some(s.current_seat()),
    }
}

/// "Autumn" from "Autumn, the".
fn short_name(s: &IceFortress, c: usize) -> String {
    let ch = &s.characters()[c];
    s.content()
        .characters
        .names
        .get(ch.name as usize)
        .map_or(format!("character {}", c + 1), |n| n.name.clone())
}

fn status_lines(s: &IceFortress) -> Vec<String> {
    let step = match s.phase() {
        Phase::Draft => "setting up (keep two abilities)",
        Phase::Roll => "rolling the dice",
        Phase::Build => "build step",
        Phase::Invaders => "invaders are coming",
        Phase::EndOfRound => "end of round (discard the supply down to the difficulty)",
        Phase::Won => "won",
        Phase::Lost => "lost",
    };
    let round = match s.phase() {
        // Over: nobody's turn.
        Phase::Won | Phase::Lost => format!("Round {}: {step}", s.round()),
        _ => format!(
            "Round {}, {}'s turn: {step}",
            s.round(),
            short_name(s, s.current().min(s.characters().len().saturating_sub(1)))
        ),
    };
    let mut v = vec![
        round,
        format!(
            "Shield {}  ·  difficulty {}  ·  beacons {}/4  ·  bag {}  ·  unused dice {}",
            s.shield(),
            s.difficulty(),
            s.beacons(),
            s.bag_count(),
            s.pool_count()
        ),
    ];
    if let Some(d) = s.decision() {
        v.push(hoarfrost_rules::words::capitalized(prompt(d)));
    }
    v
}

/// "1 die", "2 dice".
fn dice(n: u32) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

fn power_line(ui: &mut egui::Ui, p: &Power) {
    ui.label(power_text(p));
}

/// A power as the cards window lists it: its card text, and what it costs where the text does not
/// already say ("Pay a die of 6: ..." does); a free power always says so.
fn power_text(p: &Power) -> String {
    let cost = cost_text(&p.cost);
    if !p.cost.is_empty() && p.text.contains(&cost) {
        format!("• {}", p.text)
    } else {
        format!("• {} (costs {cost})", p.text)
    }
}

/// The title of the window of every character's cards and the Invader/Beacon cards, where the
/// powers' Use buttons are (the help and the refusals send players there by it).
pub const CARDS_WINDOW: &str = "Characters and cards";

/// The width of the "Characters and cards" window's contents, in points (it stands 8 points from
/// the window's top left corner, as high as the window).
pub const CARDS_WIDTH: f32 = 280.0;

/// The header of character `c`'s cards: a pointer at the character whose turn it is, its plain
/// name (the window stays narrow; the full title, with abilities and class, opens below it), its
/// player (the name typed for the seat, or the seat's number) and its dice.
pub fn character_header(session: &Session<IceFortress>, c: usize) -> String {
    let s = &session.state;
    let Some(ch) = s.characters().get(c) else {
        return String::new();
    };
    let name = s
        .content()
        .characters
        .names
        .get(ch.name as usize)
        .map_or("A character", |n| n.name.as_str());
    let player = session
        .player(ch.seat)
        .map_or_else(|| format!("Player {}", ch.seat + 1), str::to_string);
    format!(
        "{}{name} ({player}, {})",
        if c == s.current() { "▶ " } else { "" },
        dice(s.dice_shown(c) as u32)
    )
}

fn cards_window(
    mut contexts: EguiContexts,
    session: Res<Session<IceFortress>>,
    mut inputs: MessageWriter<FortressInput>,
    mut shown_turn: Local<Option<usize>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let s = &session.state;
    let human = session.acting_human();
    // When the turn passes, the new character's cards open and the others close (in between the
    // player opens and closes them at will).
    let turned = *shown_turn != Some(s.current());
    *shown_turn = Some(s.current());
    egui::Window::new(CARDS_WINDOW)
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(CARDS_WIDTH)
        .max_width(CARDS_WIDTH)
        .min_height(ui_style::panel_height(ctx))
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(ui_style::panel_height(ui.ctx()))
                .show(ui, |ui| {
                    for (c, ch) in s.characters().iter().enumerate() {
                        character_section(ui, &session, c, ch, turned, human, &mut inputs);
                    }
                    ui.separator();
                    ui.heading("Invader / Beacon cards");
                    for e in Element::ALL {
                        invader_card(ui, s, e, human, &mut inputs);
                    }
                });
        });
    Ok(())
}

/// One character's collapsible section: its title, its cards with their powers and Use buttons,
/// and the abilities it was dealt.
fn character_section(
    ui: &mut egui::Ui,
    session: &Session<IceFortress>,
    c: usize,
    ch: &Character,
    turned: bool,
    human: Option<Seat>,
    inputs: &mut MessageWriter<FortressInput>,
) {
    let s = &session.state;
    let current = c == s.current();
    egui::CollapsingHeader::new(character_header(session, c))
        .id_salt(("character", c))
        .default_open(current)
        .open(turned.then_some(current))
        .show(ui, |ui| {
            ui.label(s.title(c));
            for (card, name, powers) in character_cards(s, ch) {
                ui.strong(name);
                for (i, p) in powers.iter().enumerate() {
                    ui.horizontal_wrapped(|ui| {
                        power_line(ui, p);
                        let r = PowerRef {
                            card,
                            index: i as u8,
                        };
                        power_button(ui, s, human, current, r, inputs);
                    });
                }
            }
            dealt_abilities(ui, s, ch);
        });
}

/// A character's cards in panel order (name card, abilities, class), each with its heading and
/// powers.
fn character_cards<'a>(s: &'a IceFortress, ch: &Character) -> Vec<(CardRef, String, &'a [Power])> {
    let chars = &s.content().characters;
    let mut cards: Vec<(CardRef, String, &[Power])> = Vec::new();
    if let Some(side) = s.name_side(ch.name) {
        let which = if s.advanced() {
            "name card, advanced side"
        } else {
            "name card, starting side"
        };
        cards.push((
            CardRef::Name(ch.name),
            format!("{} … ({which})", side.title),
            &side.powers,
        ));
    }
    for &a in &ch.abilities {
        if let Some(card) = chars.abilities.get(a as usize) {
            cards.push((
                CardRef::Ability(a),
                format!("{} ({})", card.name, dice(card.dice as u32)),
                &card.powers,
            ));
        }
    }
    if let Some(card) = chars.classes.get(ch.class as usize) {
        cards.push((
            CardRef::Class(ch.class),
            format!("{} (class)", card.name),
            &card.powers,
        ));
    }
    cards
}

/// The ability cards a character was dealt and has not yet kept or discarded, with their powers.
fn dealt_abilities(ui: &mut egui::Ui, s: &IceFortress, ch: &Character) {
    if ch.draft.is_empty() {
        return;
    }
    let chars = &s.content().characters;
    ui.label("Dealt abilities (keep two with the panel's buttons):");
    for &a in &ch.draft {
        if let Some(card) = chars.abilities.get(a as usize) {
            ui.label(format!("{} ({})", card.name, dice(card.dice as u32)));
            for p in &card.powers {
                power_line(ui, p);
            }
        }
    }
}

/// Element `e`'s Invader/Beacon card: its side, its text, and on the beacon side its power with a
/// Use button.
fn invader_card(
    ui: &mut egui::Ui,
    s: &IceFortress,
    e: Element,
    human: Option<Seat>,
    inputs: &mut MessageWriter<FortressInput>,
) {
    let slot = s.slot(e);
    let Some(card) = s.content().invaders.get(slot.card as usize) else {
        return;
    };
    let state = if slot.beacon {
        "beacon side"
    } else if slot.neutralized {
        "invader side, neutralized"
    } else {
        "invader side"
    };
    ui.colored_label(element_egui(e), format!("{} ({state})", e.name()));
    if slot.beacon {
        ui.label(format!("{}: {}", card.beacon_name, card.immediately_text));
        ui.horizontal_wrapped(|ui| {
            power_line(ui, &card.ability);
            let r = PowerRef {
                card: CardRef::Beacon(slot.card),
                index: 0,
            };
            power_button(ui, s, human, true, r, inputs);
        });
        ui.small(format!(
            "+{} a turn",
            hoarfrost_rules::words::count(i64::from(card.extra_invaders), "invader", "invaders")
        ));
    } else {
        ui.label(&card.invader_text);
    }
}

/// The Use button of a power, for the acting human in the build step.
fn power_button(
    ui: &mut egui::Ui,
    s: &IceFortress,
    human: Option<Seat>,
    current: bool,
    r: PowerRef,
    inputs: &mut MessageWriter<FortressInput>,
) {
    if !current || human.is_none() || s.phase() != Phase::Build || s.decision().is_some() {
        return;
    }
    if s.used_powers().contains(&r) {
        ui.small("(used)");
    } else if ui.small_button("Use").clicked() {
        inputs.write(FortressInput(Input::Start(r)));
    }
}

/// A tooltip naming what the pointer is over.
fn tooltip(
    mut contexts: EguiContexts,
    session: Res<Session<IceFortress>>,
    hovered: Res<Hovered>,
    targets: Query<&Target>,
    figures: Query<&FigurePiece>,
) -> Result {
    let Some(entity) = hovered.0 else {
        return Ok(());
    };
    let Ok(target) = targets.get(entity) else {
        return Ok(());
    };
    // A tip begins as a sentence does, as the other games' tips do ("Fire invader").
    let text = target_text(&session.state, *target, figures.get(entity).ok());
    let text = hoarfrost_rules::words::capitalized(&text);
    crate::plugins::table::tooltips::show_tip(contexts.ctx_mut()?, "fortress", &text);
    Ok(())
}

/// What a tooltip says about a target.
pub fn target_text(s: &IceFortress, t: Target, figure: Option<&FigurePiece>) -> String {
    match t {
        Target::Die(d) => {
            let Some(die) = s.dice().get(d as usize) else {
                return "a die".into();
            };
            let at = match die.at {
                DieAt::Pool => "among the unused dice".to_string(),
                DieAt::Rolled => "rolled this turn: click it, then a pillar square".to_string(),
                DieAt::Spent => "spent on a power this turn".to_string(),
                DieAt::Pillar { room, square } => format!(
                    "a pillar on square {} of {}",
                    u16::from(square) + 1,
                    s.card(room).map_or("a room".into(), |c| c.name.clone())
                ),
            };
            format!("Die showing {}, {at}", die.value)
        }
        Target::Square { room, .. } | Target::Room(room) | Target::Group { room, .. } => {
            let place = if s.supply().contains(&room) {
                "In the supply. "
            } else {
                ""
            };
            format!("{place}{}", room_text(s, room))
        }
        Target::Space(i) => match s.foundation().get(i as usize) {
            Some(Some(r)) => room_text(s, *r),
            _ => {
                let sizes = &s.content().foundation.sizes;
                let names: Vec<&str> = sizes.iter().map(|z| z.name()).collect();
                format!(
                    "Foundation space {}: only {} rooms stand here, on no pillars",
                    i + 1,
                    hoarfrost_rules::words::listed(&names)
                )
            }
        },
        Target::Invader(_) => match figure {
            Some(FigurePiece::Invader(_, e)) => format!("{} invader", e.name()),
            _ => "an invader".into(),
        },
        Target::Shard(e) => format!("{} shard in the supply: pays for powers", e.name()),
        Target::Deck(size) => format!(
            "{} room deck: {}",
            size.name(),
            hoarfrost_rules::words::count(s.deck_len(size) as i64, "card", "cards")
        ),
        Target::Slot(e) => {
            let slot = s.slot(e);
            let text = s
                .content()
                .invaders
                .get(slot.card as usize)
                .map_or(String::new(), |c| {
                    if slot.beacon {
                        format!("{}: {}", c.beacon_name, c.ability.text)
                    } else {
                        c.invader_text.clone()
                    }
                });
            let bag: Vec<String> = Element::ALL
                .iter()
                .map(|el| format!("{} {}", s.bag()[el.index()], el.name()))
                .collect();
            format!(
                "{} Invader/Beacon card. {text}\nIn the bag: {}.",
                e.name(),
                bag.join(", ")
            )
        }
    }
}

/// The Ice Fortress difficulty slider's levels and its words for `level`, from the difficulty
/// track the rules read (scenes/ice-fortress/difficulty.ron): "difficulty: experienced (7 is
/// standard)".
pub(crate) fn difficulty_words(level: u8) -> (std::ops::RangeInclusive<u8>, String) {
    use hoarfrost_rules::ice_fortress::{Content, SHIELD_CUBES};
    let Ok(content) = Content::standard_shared() else {
        return (1..=SHIELD_CUBES, "difficulty".into());
    };
    let track = &content.difficulty;
    let levels = track.span();
    let label = track.levels.iter().find(|l| l.level == level);
    let words = match label {
        Some(l) => format!("difficulty: {} ({} is standard)", l.label, track.standard),
        None => format!("difficulty ({} is standard)", track.standard),
    };
    (levels, words)
}

/// The jumbo-room assist's box on the title screen at `level`: its label, and what it deals there,
/// read from the difficulty track (the rulebook deals one room of each size; the assist adds the
/// extra jumbo rooms the track lists for the level).
pub(crate) fn assist_words(level: u8) -> (String, String) {
    use hoarfrost_rules::ice_fortress::{Content, Size};
    let extra = Content::standard_shared().ok().and_then(|content| {
        let l = content
            .difficulty
            .levels
            .iter()
            .find(|l| l.level == level)?;
        let jumbos = l.assist_dealt.iter().filter(|&&s| s == Size::Jumbo).count();
        Some(jumbos.saturating_sub(1))
    });
    let label = "Assist: extra jumbo rooms in the supply".to_string();
    let tip = match extra {
        Some(0) | None => format!(
            "Not in the rulebook, which deals one room of each size at setup. At level {level} the \
             assist deals nothing more."
        ),
        Some(n) => format!(
            "Not in the rulebook, which deals one room of each size at setup. At level {level} the \
             assist deals {n} more {}, so the first invaders find rooms of their element sooner.",
            if n == 1 { "jumbo room" } else { "jumbo rooms" }
        ),
    };
    (label, tip)
}

/// The cards window stands at the left as high as the window: the Rules window opens beside it.
pub(crate) fn keep_left(app: &mut App) {
    app.init_resource::<LeftWindows>();
    let mut kept = app.world_mut().resource_mut::<LeftWindows>();
    kept.0.push((GameKind::IceFortress, CARDS_WIDTH));
}

#[cfg(test)]
mod tests {
    use super::{assist_words, difficulty_words};

    #[test]
    fn the_assist_says_how_many_jumbo_rooms_it_adds_at_the_level() {
        let (label, tip) = assist_words(7);
        assert_eq!(label, "Assist: extra jumbo rooms in the supply");
        assert!(
            tip.contains("At level 7 the assist deals 2 more jumbo rooms"),
            "{tip}"
        );
        assert!(assist_words(3).1.contains("deals nothing more"));
        assert!(assist_words(9).1.contains("deals 3 more jumbo rooms"));
    }

    #[test]
    fn the_difficulty_slider_names_each_level_as_the_track_does() {
        assert_eq!(
            difficulty_words(5),
            (
                1..=10,
                "difficulty: experienced (7 is standard)".to_string()
            )
        );
        assert_eq!(
            difficulty_words(7).1,
            "difficulty: introductory (7 is standard)"
        );
    }

    /// The roll opens a turn: the seat the panel marks through it acts once it is rolled.
    #[test]
    fn the_panel_marks_the_player_whose_roll_it_is() {
        use super::*;
        use hoarfrost_rules::ToAct;
        use hoarfrost_rules::ice_fortress::{Content, Phase, Setup};
        let content = Content::standard().unwrap();
        let fortress = IceFortress::new(&Setup::new(2, 2), &content).unwrap();
        let roll = |s: &IceFortress| s.phase() == Phase::Roll;
        let (marked, then) =
            crate::plugins::ui::hud::tests::marked_then_acting(fortress, hud_spec().turn, roll);
        assert_eq!(ToAct::Seats(marked.clone()), then, "Ice Fortress's roll");
        assert_eq!(marked.len(), 1);
    }
    #[test]
    fn in_an_ice_fortress_game_the_rules_window_opens_beside_the_cards_window() {
        use super::*;
        use crate::plugins::ui::rules_window::opening_left;
        let mut app = App::new();
        app.add_plugins(keep_left);
        let kept = app.world().resource::<LeftWindows>();
        // The cards window's frame adds egui's window margins (6 a side) and stroke to its width.
        let cards_right = 8.0 + CARDS_WIDTH + 2.0 * 7.0;
        assert!(opening_left(kept, GameKind::IceFortress, true) > cards_right);
        // The side panel (300 wide, 8 from the right) leaves room for the 400-point Rules window
        // beside them at 1280x720.
        assert!(opening_left(kept, GameKind::IceFortress, true) + 400.0 < 1280.0 - 8.0 - 300.0);
        // Elsewhere, and on the title screen, it opens near the left edge.
        assert_eq!(opening_left(kept, GameKind::IceFortress, false), 10.0);
        assert_eq!(opening_left(kept, GameKind::Sprawl, true), 10.0);
    }

    #[test]
    fn a_power_says_its_cost_once() {
        use super::*;
        use hoarfrost_rules::ice_fortress::Cost;
        let power = |text: &str, cost| Power {
            text: text.into(),
            cost,
            effects: Vec::new(),
        };
        let paid = power(
            "Pay a die of 5 or 6: crystallize an invader.",
            vec![Cost::Die(5, 6)],
        );
        assert_eq!(
            power_text(&paid),
            "• Pay a die of 5 or 6: crystallize an invader."
        );
        let free = power("Draw a shard; nothing else.", Vec::new());
        assert_eq!(
            power_text(&free),
            "• Draw a shard; nothing else. (costs nothing)"
        );
        // Where the text words it its own way, the cost is said as well.
        let two = power(
            "Pay a pair of shards: draw a room.",
            vec![Cost::AnyShard, Cost::AnyShard],
        );
        assert_eq!(
            power_text(&two),
            "• Pay a pair of shards: draw a room. (costs two shards)"
        );
        // Said as the cost is counted, it is not said twice (the Warden's card).
        let warden = power(
            "Pay two shards: boost the ice shield.",
            vec![Cost::AnyShard, Cost::AnyShard],
        );
        assert_eq!(
            power_text(&warden),
            "• Pay two shards: boost the ice shield."
        );
    }

    #[test]
    fn a_pending_choice_is_one_sentence_in_the_status() {
        use super::*;
        use hoarfrost_rules::bots::RandomBot;
        use hoarfrost_rules::ice_fortress::Setup;
        for seed in 0..20 {
            let mut s = IceFortress::standard(&Setup::new(1, seed)).unwrap();
            let mut bot = RandomBot::new(seed);
            for _ in 0..400 {
                if let Some(d) = s.decision() {
                    let last = status_lines(&s).pop().unwrap();
                    let asked = prompt(d);
                    assert_eq!(last, hoarfrost_rules::words::capitalized(asked));
                    assert!(!last.starts_with("Choose: "), "{last}");
                    assert!(last.starts_with(char::is_uppercase), "{last}");
                    return;
                }
                if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                    break;
                }
            }
        }
        panic!("no game of 20 came to a choice");
    }

    #[test]
    fn an_empty_foundation_space_names_the_sizes_that_may_stand_on_it() {
        use super::*;
        use hoarfrost_rules::ice_fortress::Setup;
        let s = IceFortress::standard(&Setup::new(1, 3)).unwrap();
        let i = s.foundation().iter().position(Option::is_none).unwrap();
        assert_eq!(
            target_text(&s, Target::Space(i as u8), None),
            format!(
                "Foundation space {}: only jumbo rooms stand here, on no pillars",
                i + 1
            )
        );
    }

    #[test]
    fn an_invader_card_tip_counts_the_bag_by_element_in_words() {
        use super::*;
        use hoarfrost_rules::ice_fortress::Setup;
        let s = IceFortress::standard(&Setup::new(1, 3)).unwrap();
        let tip = target_text(&s, Target::Slot(Element::ALL[0]), None);
        let counts: Vec<String> = Element::ALL
            .iter()
            .map(|e| format!("{} {}", s.bag()[e.index()], e.name()))
            .collect();
        assert!(
            tip.ends_with(&format!("In the bag: {}.", counts.join(", "))),
            "{tip}"
        );
    }

    #[test]
    fn a_characters_header_names_its_player_when_the_seat_has_a_name() {
        use crate::plugins::core::seats::SeatKind;
        use hoarfrost_rules::ice_fortress::{IceFortress, Setup};
        let state = IceFortress::standard(&Setup::new(2, 3)).unwrap();
        let mut session =
            crate::plugins::session::Session::new(state, vec![SeatKind::Human, SeatKind::Human], 3);
        let plain = [
            super::character_header(&session, 0),
            super::character_header(&session, 1),
        ];
        assert!(
            plain[0].starts_with("▶ ") && plain[0].contains("(Player 1, "),
            "{plain:?}"
        );
        assert!(
            !plain[1].starts_with("▶") && plain[1].contains("(Player 2, "),
            "{plain:?}"
        );
        session.names = vec!["Anna".into(), String::new()];
        let named = super::character_header(&session, 0);
        assert_eq!(named, plain[0].replace("Player 1", "Anna"));
        assert_eq!(
            super::character_header(&session, 1),
            plain[1],
            "no name: the seat's number"
        );
        assert_eq!(
            super::character_header(&session, 9),
            "",
            "no such character"
        );
    }

    #[test]
    fn one_die_is_not_one_dice() {
        assert_eq!(super::dice(1), "1 die");
        assert_eq!(super::dice(3), "3 dice");
    }
}
